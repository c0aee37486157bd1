import type { DeviceFieldsInput, DeviceRow, Warranty } from '@measure/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The text fields of the device form, in the order the form shows them per section. */
export const TEXT_FIELDS = {
  machine: ['ProductSerialNumber', 'MachineModel', 'MacAddress', 'DeviceSoftwareVersion'],
  customer: ['CustomerCompanyName', 'CustomerContact', 'CustomerPhoneNumber'],
  scanner: ['ScannerNumber', 'ScannerType', 'ScannerFirmwareVersion'],
  computer: ['ComputerNumber', 'ComputerType', 'ComputerSystemVersion'],
  tripod: ['TripodType', 'EncryptedDogNumber', 'EncryptedDogType'],
} as const;
export const DATE_FIELDS = [
  'DeviceDateOfProduction',
  'ScannerDateOfProduction',
  'ComputerDateOfProduction',
] as const;
export const WARRANTY_FIELDS = ['DeviceExpire', 'ScannerExpire', 'ComputerExpire', 'TripodExpire'] as const;

type TextField = (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS][number];
type DateField = (typeof DATE_FIELDS)[number];
type WarrantyField = (typeof WARRANTY_FIELDS)[number];

/** What the antd form holds: dates as dayjs, empty text as ''. */
export type DeviceFormValues = { DeviceNumber: string; DeviceType: 'robot' | 'scanner' } & Record<
  TextField,
  string
> &
  Record<DateField, Dayjs | null> &
  Record<WarrantyField, 1 | 3 | 5 | null>;

export const ALL_FIELDS = [
  'DeviceNumber',
  'DeviceType',
  ...Object.values(TEXT_FIELDS).flat(),
  ...DATE_FIELDS,
  ...WARRANTY_FIELDS,
] as const;

const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * The form's starting values: a device's, or for a new one the spec's scanner type and no dates
 * (the contract's production date default, 2010-01-01, is for API callers; a person picks the real
 * date, which the form therefore requires).
 */
export function formValuesOf(device: DeviceRow | null): DeviceFormValues {
  const values = {} as Record<string, unknown>;
  for (const field of Object.values(TEXT_FIELDS).flat()) values[field] = device?.[field] ?? '';
  for (const field of DATE_FIELDS) {
    const value = device?.[field];
    values[field] = value ? dayjs(value) : null;
  }
  for (const field of WARRANTY_FIELDS) values[field] = device?.[field] ?? null;
  values.DeviceNumber = device?.DeviceNumber ?? '';
  values.DeviceType = device?.DeviceType ?? 'robot';
  if (!device) values.ScannerType = '1';
  return values as DeviceFormValues;
}

/** The payload of AddDevice / UpdateDevice (every field; the server applies the defaults of empty ones). */
export function payloadOf(values: DeviceFormValues): DeviceFieldsInput {
  const payload: Record<string, unknown> = {
    DeviceNumber: values.DeviceNumber,
    DeviceType: values.DeviceType,
  };
  for (const field of Object.values(TEXT_FIELDS).flat()) payload[field] = values[field] || null;
  for (const field of DATE_FIELDS) payload[field] = values[field] ? values[field].format(DATE_FORMAT) : null;
  for (const field of WARRANTY_FIELDS) payload[field] = values[field] ?? null;
  return payload as DeviceFieldsInput;
}

/** The worst warranty state of a device: what its row is marked with. */
export function worstWarranty(warranties: readonly Warranty[]): Warranty['Status'] | null {
  if (warranties.some((warranty) => warranty.Status === 'expired')) return 'expired';
  if (warranties.some((warranty) => warranty.Status === 'expiring')) return 'expiring';
  return warranties.length ? 'valid' : null;
}

export const WARRANTY_COLOR = { expired: 'red', expiring: 'orange', valid: 'green' } as const;

export const DEVICE_LIST_PATH = '/measurerobot/SKU';
export const DEVICE_DETAIL_PATH = '/measurerobot/viewDeviceDetail';
