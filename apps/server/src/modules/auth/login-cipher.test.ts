import { createCipheriv } from 'node:crypto';
import { expect, it } from 'vitest';
import { decodeLoginField, encodeLoginField } from './login-cipher.ts';

const KEY = 'MsRobotCloud2026';

it('decodes what the original client sends: URL-encoded base64 of AES-128-ECB with PKCS7', () => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(KEY), null);
  const base64 = Buffer.concat([cipher.update('admin@example.com', 'utf8'), cipher.final()]).toString(
    'base64',
  );
  expect(decodeLoginField(encodeURIComponent(base64), KEY)).toBe('admin@example.com');
  expect(decodeLoginField(base64, KEY)).toBe('admin@example.com');
});

it('round-trips Chinese text and symbols', () => {
  for (const text of ['13800000001', 'Admin@123456', '密码!@#$%^&*?()\\']) {
    expect(decodeLoginField(encodeLoginField(text, KEY), KEY)).toBe(text);
  }
});

it('returns null for anything undecodable instead of throwing', () => {
  for (const field of [
    '',
    'not base64!',
    'QUJD',
    '%E0%A4%A',
    encodeLoginField('x', 'AnotherKey123456'),
    'A'.repeat(24),
  ]) {
    expect(decodeLoginField(field, KEY)).toBeNull();
  }
});
