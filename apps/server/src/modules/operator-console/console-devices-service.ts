import { ErrorCode, type ConsoleDevice, type Language, type PageResult } from '@measure/contract';
import { AppError, conflict, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { pageOf, windowOf, type ConsoleBody } from './console-paging.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { toChanges } from '../devices/device-changes.ts';
import { ConsoleCompaniesRepository } from './console-companies-repository.ts';
import { companyName, companyNotFound } from './console-companies-service.ts';
import { ConsoleDevicesRepository, type ConsoleDeviceRecord } from './console-devices-repository.ts';

const deviceNotFound = () => notFound('console.deviceNotFound');
const numberTaken = (number: string) =>
  new AppError(ErrorCode.Conflict, 'console.deviceNumberTaken', { number }, [
    { field: 'DeviceNumber', key: 'console.deviceNumberTaken', params: { number } },
  ]);

function toConsoleDevice(record: ConsoleDeviceRecord, lang: Language): ConsoleDevice {
  return {
    DeviceId: record.id,
    DeviceNumber: record.deviceNumber,
    DeviceType: record.deviceType === 'scanner' ? 'scanner' : 'robot',
    ProductSerialNumber: record.productSerialNumber,
    MachineModel: record.machineModel,
    CompanyId: record.companyId,
    CompanyName: companyName({ nameZh: record.companyNameZh, nameEn: record.companyNameEn }, lang),
    CustomerCompanyName: record.customerCompanyName,
    CustomerContact: record.customerContact,
    CustomerPhoneNumber: record.customerPhoneNumber,
    DeviceDateOfProduction: record.deviceDateOfProduction,
    DeviceExpire: record.deviceExpire,
    WarrantyStartsOn: record.warrantyStartsOn,
    IsActive: record.isActive,
    ActiveDate: record.activeDate ? new Date(record.activeDate).toISOString() : null,
    CreateTime: new Date(record.createdAt).toISOString(),
  };
}

/**
 * The device registry across companies: register a device into a company (the devices module's
 * field rules), move it to another company, set its warranty start and customer fields.
 */
export class ConsoleDevicesService {
  private readonly repository: ConsoleDevicesRepository;

  constructor(private readonly deps: { db: Database }) {
    this.repository = new ConsoleDevicesRepository(deps.db);
  }

  async list(body: ConsoleBody<'getDeviceList'>, lang: Language): Promise<PageResult<ConsoleDevice>> {
    const found = await this.repository.page({
      content: body.Content,
      companyId: body.CompanyId,
      ...windowOf(body),
    });
    return pageOf(body, found, (row) => toConsoleDevice(row, lang));
  }

  async get(deviceId: string, lang: Language): Promise<ConsoleDevice> {
    const record = await this.repository.byId(deviceId);
    if (!record) throw deviceNotFound();
    return toConsoleDevice(record, lang);
  }

  async register(body: ConsoleBody<'registerDevice'>, lang: Language): Promise<ConsoleDevice> {
    const { CompanyId: companyId, WarrantyStartsOn: warrantyStartsOn, ...fields } = body;
    const deviceId = await this.saving(body.DeviceNumber, () =>
      this.deps.db.transaction(async (tx) => {
        if (!(await new ConsoleCompaniesRepository(tx).lock(companyId))) throw companyNotFound();
        const devices = new ConsoleDevicesRepository(tx);
        if (await devices.numberTaken(companyId, fields.DeviceNumber)) throw numberTaken(fields.DeviceNumber);
        return devices.insert(companyId, toChanges(fields), warrantyStartsOn);
      }),
    );
    return this.get(deviceId, lang);
  }

  /**
   * Allocates (or re-allocates) a device to a company. A device that left tasks, readings, scans or
   * uploads in its company stays there: that data is the company's.
   */
  async allocate(body: ConsoleBody<'allocateDevice'>, lang: Language): Promise<ConsoleDevice> {
    await this.saving(undefined, () =>
      this.deps.db.transaction(async (tx) => {
        const devices = new ConsoleDevicesRepository(tx);
        const from = await devices.lockCompanyOf(body.DeviceId);
        if (!from) throw deviceNotFound();
        if (from === body.CompanyId) return;
        if (!(await new ConsoleCompaniesRepository(tx).lock(body.CompanyId))) throw companyNotFound();
        if (await devices.hasRecords(from, body.DeviceId)) throw conflict('DeviceId', 'console.deviceInUse');
        const record = await devices.byId(body.DeviceId);
        if (record && (await devices.numberTaken(body.CompanyId, record.deviceNumber, body.DeviceId))) {
          throw numberTaken(record.deviceNumber);
        }
        await devices.moveToCompany(from, body.DeviceId, body.CompanyId);
      }),
    );
    return this.get(body.DeviceId, lang);
  }

  async update(body: ConsoleBody<'updateDevice'>, lang: Language): Promise<ConsoleDevice> {
    await this.deps.db.transaction(async (tx) => {
      const devices = new ConsoleDevicesRepository(tx);
      const companyId = await devices.lockCompanyOf(body.DeviceId);
      if (!companyId) throw deviceNotFound();
      await devices.updateWarrantyAndCustomer(companyId, body.DeviceId, {
        warrantyStartsOn: body.WarrantyStartsOn,
        deviceExpire: body.DeviceExpire,
        customerCompanyName: body.CustomerCompanyName,
        customerContact: body.CustomerContact,
        customerPhoneNumber: body.CustomerPhoneNumber,
      });
    });
    return this.get(body.DeviceId, lang);
  }

  /** A concurrent save of the same number still answers the conflict, not 500. */
  private async saving<T>(number: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'devices_company_number_uq') throw numberTaken(number ?? '');
      throw error;
    }
  }
}
