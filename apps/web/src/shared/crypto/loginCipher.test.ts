import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_KEY, encodeLoginField } from './loginCipher.ts';

function nodeEcb(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  const bytes = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return encodeURIComponent(bytes.toString('base64'));
}

describe('login wire format', () => {
  it.each([
    'admin@example.com',
    'Admin@123456',
    '',
    'exactly16bytes!!',
    '13800138000',
    '测量云用户 with spaces',
  ])('matches node aes-128-ecb for %j', async (text) => {
    expect(await encodeLoginField(text)).toBe(nodeEcb(text, DEFAULT_LOGIN_KEY));
  });

  it('uses the given key', async () => {
    expect(await encodeLoginField('secret', 'AnotherKey123456')).toBe(nodeEcb('secret', 'AnotherKey123456'));
  });

  it('url-encodes the base64 text', async () => {
    const encoded = await encodeLoginField('admin@example.com');
    expect(encoded).not.toMatch(/[+/=]/);
  });
});
