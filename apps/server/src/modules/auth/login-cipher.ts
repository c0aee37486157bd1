import { createCipheriv, createDecipheriv } from 'node:crypto';
import { rules } from '@measure/contract';

/**
 * The login wire format (design.md): encodeURIComponent(base64(AES-128-ECB-PKCS7(utf8, key))).
 * This is a compatibility encoding, not protection; TLS protects the transport.
 */
export function encodeLoginField(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return encodeURIComponent(encrypted.toString('base64'));
}

/**
 * Returns the plain text, or null for anything that does not decode or holds text no account can
 * have (NUL: PostgreSQL refuses it in a query), treated as bad credentials.
 */
export function decodeLoginField(field: string, key: string): string | null {
  try {
    // Clients differ in whether the URL-encoding survived; accept both.
    const base64 = field.includes('%') ? decodeURIComponent(field) : field;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    return text.length > 0 && text.length <= 256 && rules.isStorableText(text) ? text : null;
  } catch {
    return null;
  }
}
