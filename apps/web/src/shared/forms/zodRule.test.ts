import { rules } from '@measure/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { checkValue, zodRule } from './zodRule.ts';

beforeAll(async () => {
  await initI18n('en-US');
});

describe('zod rule adapter', () => {
  it('accepts valid values', () => {
    expect(checkValue(rules.email, 'admin@example.com')).toBeNull();
    expect(checkValue(rules.password, 'Admin@123456')).toBeNull();
    expect(checkValue(rules.optionalText(20), '')).toBeNull();
  });

  it('translates the rule key of each failure', () => {
    expect(checkValue(rules.email, 'nope')).toBe('Enter a valid email address');
    expect(checkValue(rules.phone, '12345')).toBe('Enter a valid mobile number');
    expect(checkValue(rules.password, 'short')).toMatch(/^The password must be 9 to 16 characters/);
    expect(checkValue(rules.personName, 'a b')).toBe(
      'Only Chinese characters, letters, digits or underscore',
    );
  });

  it('fills max and min from the issue', () => {
    expect(checkValue(rules.optionalText(20), 'x'.repeat(21))).toBe('At most 20 characters');
    expect(checkValue(rules.requiredText(5), '123456')).toBe('At most 5 characters');
  });

  it('takes an untouched field: required where the form requires it, else accepted', async () => {
    const optional = rules.email.optional();
    const run = (rule: ReturnType<typeof zodRule>, value: unknown) =>
      (rule.validator as (rule: unknown, value: unknown) => Promise<void>)({}, value);
    await expect(run(zodRule(optional), undefined)).resolves.toBeUndefined();
    await expect(run(zodRule(optional, { required: true }), undefined)).rejects.toThrow(
      'This field is required',
    );
    await expect(run(zodRule(optional, { required: true }), '  ')).rejects.toThrow('This field is required');
    await expect(run(zodRule(optional, { required: true }), 'nope')).rejects.toThrow(
      'Enter a valid email address',
    );
    await expect(run(zodRule(rules.personName), undefined)).rejects.toThrow('This field is required');
  });

  it('reports a missing value as required', () => {
    expect(checkValue(rules.personName, undefined)).toBe('This field is required');
    expect(checkValue(rules.personName, '')).toBe('This field is required');
  });

  it('follows the current language', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(checkValue(rules.optionalText(20), 'x'.repeat(21))).toBe('不能超过 20 个字符');
    await i18n.changeLanguage('en-US');
  });
});
