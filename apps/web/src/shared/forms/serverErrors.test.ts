import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { fieldErrorsFor, fieldPathOf, nestedFieldErrors, type FieldPath } from './serverErrors.ts';

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

describe('server field paths', () => {
  it('reads names, dotted parts and list positions', () => {
    expect(fieldPathOf('Classes[0].Standards[12].Left')).toEqual(['Classes', 0, 'Standards', 12, 'Left']);
    expect(fieldPathOf('Confirmed')).toEqual(['Confirmed']);
    expect(fieldPathOf('MeasureItems[3]')).toEqual(['MeasureItems', 3]);
    expect(fieldPathOf('list[0].Min')).toEqual(['list', 0, 'Min']);
  });

  it('groups errors per form path and keeps the ones the form cannot show', () => {
    const error = new ApiError(400, 'bad', [
      { Field: 'Items[1].DesignValue', Message: 'a' },
      { Field: 'Items[1].DesignValue', Message: 'b' },
      { Field: 'Name', Message: 'c' },
      { Field: 'Elsewhere', Message: 'd' },
    ]);
    const toForm = (path: FieldPath) => (path[0] === 'Items' || path[0] === 'Name' ? path : null);
    expect(nestedFieldErrors(error, toForm)).toEqual({
      fields: [
        { name: ['Items', 1, 'DesignValue'], errors: ['a', 'b'] },
        { name: ['Name'], errors: ['c'] },
      ],
      other: ['d'],
    });
    expect(nestedFieldErrors(new Error('network'), toForm)).toEqual({ fields: [], other: [] });
  });
});
