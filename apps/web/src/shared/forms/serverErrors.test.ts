import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { fieldErrorsFor } from './serverErrors.ts';

describe('server field errors on forms', () => {
  it('puts a 409 duplicate on the named field, matching names case-insensitively', () => {
    const error = new ApiError(409, 'taken', [{ Field: 'phone', Message: '该手机号已被使用' }]);
    expect(fieldErrorsFor(error, ['Email', 'Phone'])).toEqual([
      { name: 'Phone', errors: ['该手机号已被使用'] },
    ]);
  });

  it('maps aliases, groups messages per field and drops unknown fields', () => {
    const error = new ApiError(400, 'bad', [
      { Field: 'Code', Message: 'a' },
      { Field: 'Email', Message: 'b' },
      { Field: 'SysOrg[0]', Message: 'c' },
      { Field: 'Other', Message: 'd' },
    ]);
    expect(fieldErrorsFor(error, ['Email', 'OrgId'], { Code: 'Email', SysOrg: 'OrgId' })).toEqual([
      { name: 'Email', errors: ['a', 'b'] },
      { name: 'OrgId', errors: ['c'] },
    ]);
  });

  it('gives nothing for other failures', () => {
    expect(fieldErrorsFor(new Error('x'), ['Email'])).toEqual([]);
    expect(fieldErrorsFor(new ApiError(403, 'no'), ['Email'])).toEqual([]);
  });
});
