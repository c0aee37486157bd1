import { deviceFieldsShape } from '@measure/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formValuesOf, payloadOf, worstWarranty } from './deviceForm.ts';

describe('device form', () => {
  it('starts a new device with no production date, the spec scanner type, and sends every field', () => {
    const values = formValuesOf(null);
    expect(values.DeviceDateOfProduction).toBeNull();
    expect(values.ScannerType).toBe('1');
    const payload = payloadOf({
      ...values,
      DeviceNumber: 'R-1',
      DeviceDateOfProduction: dayjs('2024-05-06'),
      DeviceExpire: 3,
      MacAddress: '',
    });
    expect(payload).toMatchObject({
      DeviceNumber: 'R-1',
      DeviceType: 'robot',
      DeviceDateOfProduction: '2024-05-06',
      ScannerType: '1',
      DeviceExpire: 3,
      ScannerExpire: null,
      MacAddress: null,
      ComputerDateOfProduction: null,
    });
    expect(Object.keys(payload).sort()).toEqual(Object.keys(deviceFieldsShape).sort());
  });

  it('marks a device by its worst warranty', () => {
    const warranty = (Status: 'valid' | 'expiring' | 'expired') => ({
      Part: 'Device' as const,
      Years: 1,
      StartsOn: '2020-01-01',
      ExpiresOn: '2021-01-01',
      Status,
    });
    expect(worstWarranty([])).toBeNull();
    expect(worstWarranty([warranty('valid'), warranty('expiring')])).toBe('expiring');
    expect(worstWarranty([warranty('expiring'), warranty('expired')])).toBe('expired');
  });
});
