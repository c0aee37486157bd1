import type { DeviceFields } from '@measure/contract';
import type { DeviceChanges } from './devices-repository.ts';

/** A device's fields as the contract names them, as the repository stores them. */
export function toChanges(fields: DeviceFields): DeviceChanges {
  return {
    deviceNumber: fields.DeviceNumber,
    deviceType: fields.DeviceType,
    productSerialNumber: fields.ProductSerialNumber,
    machineModel: fields.MachineModel,
    macAddress: fields.MacAddress,
    customerCompanyName: fields.CustomerCompanyName,
    customerContact: fields.CustomerContact,
    customerPhoneNumber: fields.CustomerPhoneNumber,
    deviceDateOfProduction: fields.DeviceDateOfProduction,
    deviceExpire: fields.DeviceExpire,
    deviceSoftwareVersion: fields.DeviceSoftwareVersion,
    scannerNumber: fields.ScannerNumber,
    scannerType: fields.ScannerType,
    scannerDateOfProduction: fields.ScannerDateOfProduction,
    scannerExpire: fields.ScannerExpire,
    scannerFirmwareVersion: fields.ScannerFirmwareVersion,
    computerNumber: fields.ComputerNumber,
    computerType: fields.ComputerType,
    computerDateOfProduction: fields.ComputerDateOfProduction,
    computerExpire: fields.ComputerExpire,
    computerSystemVersion: fields.ComputerSystemVersion,
    tripodType: fields.TripodType,
    tripodExpire: fields.TripodExpire,
    encryptedDogNumber: fields.EncryptedDogNumber,
    encryptedDogType: fields.EncryptedDogType,
  };
}
