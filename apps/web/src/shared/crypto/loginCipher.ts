import { bytesToBase64 } from '../storage/base64.ts';

/** design.md "Login wire format": the default LOGIN_AES_KEY. An encoding for compatibility, not a secret. */
export const DEFAULT_LOGIN_KEY = 'MsRobotCloud2026';
const BLOCK = 16;

function pkcs7Pad(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const padding = BLOCK - (data.length % BLOCK);
  const padded = new Uint8Array(data.length + padding);
  padded.set(data);
  padded.fill(padding, data.length);
  return padded;
}

/**
 * AES-128-ECB with PKCS7 padding. WebCrypto has no ECB, but CBC with an all-zero IV over a single
 * block is exactly one raw block encryption; WebCrypto appends its own padding block, which is dropped.
 */
export async function aesEcbEncrypt(
  plain: Uint8Array,
  keyBytes: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'AES-CBC' }, false, ['encrypt']);
  const padded = pkcs7Pad(plain);
  const zeroIv = new Uint8Array(BLOCK);
  const out = new Uint8Array(padded.length);
  for (let offset = 0; offset < padded.length; offset += BLOCK) {
    const block = padded.subarray(offset, offset + BLOCK);
    const encrypted = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: zeroIv }, key, block);
    out.set(new Uint8Array(encrypted, 0, BLOCK), offset);
  }
  return out;
}

/** The server's LOGIN_AES_KEY, which it writes into index.html; the default without one (dev server). */
export function configuredLoginKey(): string {
  if (typeof document === 'undefined') return DEFAULT_LOGIN_KEY;
  return document.querySelector<HTMLMetaElement>('meta[name="login-key"]')?.content || DEFAULT_LOGIN_KEY;
}

/** One AuthLogin field: encodeURIComponent(base64(AES-128-ECB-PKCS7(utf8 text, key))). */
export async function encodeLoginField(
  text: string,
  keyText: string = configuredLoginKey(),
): Promise<string> {
  const encoder = new TextEncoder();
  const cipher = await aesEcbEncrypt(encoder.encode(text), encoder.encode(keyText));
  return encodeURIComponent(bytesToBase64(cipher));
}
