import type { AlgorithmTemplate } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  algorithmFormValues,
  algorithmPayload,
  isDuplicateParam,
  isLockedTemplate,
  paramIssue,
} from './algorithmForm.ts';

const param = { Name: '体素', Value: 5, Min: 1, Max: 50, Unit: 'mm' };

describe('algorithm parameter form', () => {
  it('accepts a value inside its range, the edges included', () => {
    for (const field of ['Name', 'Value', 'Min', 'Max', 'Unit'] as const) {
      expect(paramIssue(param, field)).toBeNull();
      expect(paramIssue({ ...param, Value: 1 }, field)).toBeNull();
      expect(paramIssue({ ...param, Value: 50 }, field)).toBeNull();
    }
  });

  it('puts a value outside the range on Value and min above max on Min, with the contract keys', () => {
    expect(paramIssue({ ...param, Value: 50.1 }, 'Value')?.message).toBe('algorithm.valueRange');
    expect(paramIssue({ ...param, Value: 0.9 }, 'Value')?.message).toBe('algorithm.valueRange');
    expect(paramIssue({ ...param, Min: 60 }, 'Min')?.message).toBe('algorithm.minAboveMax');
    expect(paramIssue({ ...param, Min: 60 }, 'Value')).toBeNull();
  });

  it('reports an empty field on itself', () => {
    expect(paramIssue({ ...param, Max: null }, 'Max')?.message).toBe('validation.invalidValue');
    expect(paramIssue({ ...param, Max: null }, 'Value')).toBeNull();
    expect(paramIssue({ ...param, Name: ' ' }, 'Name')?.message).toBe('rules.required');
    expect(paramIssue({ ...param, Unit: '123456789' }, 'Unit')?.message).toBe('rules.maxLength');
  });

  it('finds duplicate parameter names like the server', () => {
    const rows = [{ Name: 'A' }, { Name: ' a ' }, { Name: 'b' }, { Name: '' }, { Name: '' }];
    expect(isDuplicateParam(rows, 0)).toBe(true);
    expect(isDuplicateParam(rows, 2)).toBe(false);
    expect(isDuplicateParam(rows, 3)).toBe(false);
  });

  it('maps a template to the form and back, scoped to the project or the company', () => {
    const template: AlgorithmTemplate = {
      guid: 'g',
      Name: '参数',
      detail: 'x',
      ProjectId: 'p',
      list: [{ ...param, Unit: null }],
      UpdateTime: '',
    };
    const values = algorithmFormValues(template, 'company');
    expect(values).toMatchObject({ Scope: 'project', list: [{ ...param, Unit: '' }] });
    expect(algorithmFormValues(null, 'project')).toMatchObject({ Scope: 'project', list: [{ Name: '' }] });
    expect(algorithmPayload('g', 'p', values)).toEqual({
      guid: 'g',
      Name: '参数',
      detail: 'x',
      ProjectId: 'p',
      list: [{ ...param, Unit: '' }],
    });
    expect(algorithmPayload(null, 'p', { ...values, Scope: 'company' }).ProjectId).toBeNull();
  });

  it('locks only the project’s own templates of a published project', () => {
    expect(isLockedTemplate({ ProjectId: 'p' }, true)).toBe(true);
    expect(isLockedTemplate({ ProjectId: null }, true)).toBe(false);
    expect(isLockedTemplate({ ProjectId: 'p' }, false)).toBe(false);
  });
});
