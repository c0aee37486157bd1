import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as rules from './rules.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('form rules of spec section 5', () => {
  it('email', () => {
    expect(messageOf(rules.email, 'a.b-c@example.com.cn')).toBeNull();
    expect(rules.email.parse(' Admin@Example.COM ')).toBe('admin@example.com');
    for (const bad of ['a@b', 'a@@b.com', 'a b@c.com', '@c.com', 'a@c.c'])
      expect(messageOf(rules.email, bad)).toBe('rules.email');
    expect(messageOf(rules.email, '')).toBe('rules.required');
    expect(messageOf(rules.email, `${'a'.repeat(45)}@b.com`)).toBe('rules.maxLength');
  });

  it('mainland mobile: 11 digits, first 1, second 3 to 9', () => {
    for (const good of ['13000000000', '19999999999', '15312345678'])
      expect(messageOf(rules.phone, good)).toBeNull();
    for (const bad of ['12012345678', '1381234567', '138123456789', '23812345678', '1381234567a'])
      expect(messageOf(rules.phone, bad)).toBe('rules.phone');
  });

  it('phone or email', () => {
    expect(messageOf(rules.phoneOrEmail, '13800000001')).toBeNull();
    expect(messageOf(rules.phoneOrEmail, 'a@b.cn')).toBeNull();
    expect(messageOf(rules.phoneOrEmail, 'abc')).toBe('rules.phoneOrEmail');
  });

  it('password strength: 9 to 16, a digit, a letter and one of !@#$%^&*?()\\', () => {
    for (const good of ['Admin@1234', 'abcdefg1!', 'a1\\a1\\a1\\', 'Abcdefghijklm1('])
      expect(messageOf(rules.password, good)).toBeNull();
    for (const bad of [
      'Admin@12',
      'Admin@1234567890x',
      'Admin12345',
      'Admin@abcd',
      '12345678@',
      'Admin@ 1234',
      'Admin-12345',
    ])
      expect(messageOf(rules.password, bad)).toBe('rules.password');
    expect(rules.isStrongPassword('Admin@123')).toBe(true);
    expect(rules.isStrongPassword('Admin@1234567890')).toBe(true);
  });

  it('names: Chinese, letters, digits or underscore, at most 32', () => {
    expect(messageOf(rules.personName, '王小明_01')).toBeNull();
    expect(messageOf(rules.personName, 'Bob Smith')).toBe('rules.name');
    expect(messageOf(rules.personName, '   ')).toBe('rules.required');
    expect(messageOf(rules.personName, 'a'.repeat(33))).toBe('rules.maxLength');
  });

  it('required and optional text with a length limit', () => {
    expect(messageOf(rules.requiredText(5), 'abcde')).toBeNull();
    expect(messageOf(rules.requiredText(5), 'abcdef')).toBe('rules.maxLength');
    expect(rules.optionalText(5).parse('')).toBeUndefined();
    expect(rules.optionalText(5).parse(null)).toBeUndefined();
    expect(rules.optionalText(5).parse(' ab ')).toBe('ab');
  });

  it('blank, whitespace, Chinese and special-character rules', () => {
    expect(messageOf(rules.notBlank, '  ')).toBe('rules.notBlank');
    expect(messageOf(rules.notBlank, ' a ')).toBeNull();
    expect(messageOf(rules.noWhitespace, 'a b')).toBe('rules.noWhitespace');
    expect(messageOf(rules.noChinese, 'abc中')).toBe('rules.noChinese');
    expect(messageOf(rules.noSpecial, 'ab#c')).toBe('rules.noSpecial');
    expect(messageOf(rules.noSpecial, '中文_abc 1')).toBeNull();
  });

  it('gender, status and uuid', () => {
    expect(messageOf(rules.gender, 3)).not.toBeNull();
    expect(messageOf(rules.userStatus, 1)).toBeNull();
    expect(messageOf(rules.uuid, 'nope')).toBe('rules.uuid');
    expect(messageOf(rules.uuid, '6f1c7c1e-8a5b-4c55-9d3e-0d2b7b1c2a10')).toBeNull();
  });

  it('refuses text that cannot be stored: NUL and lone surrogates, in every text rule', () => {
    for (const bad of ['N\u0000x', 'Q\ud800', '\udc00x', 'a\udc00\ud800b']) {
      expect(rules.isStorableText(bad)).toBe(false);
      expect(messageOf(rules.requiredText(20), bad)).toBe('rules.invalidCharacters');
      expect(messageOf(rules.optionalText(20), bad)).toBe('rules.invalidCharacters');
      expect(messageOf(rules.personName, bad)).toBe('rules.invalidCharacters');
      expect(messageOf(rules.email, bad)).toBe('rules.invalidCharacters');
      expect(messageOf(rules.text(), bad)).toBe('rules.invalidCharacters');
    }
    for (const good of ['滨江花园', 'emoji 😀 ok', 'tab\tand\nnewline', '']) {
      expect(rules.isStorableText(good)).toBe(true);
      expect(messageOf(rules.text(), good)).toBeNull();
    }
    expect(rules.requiredText(20).parse(' 😀 ')).toBe('😀');
  });
});
