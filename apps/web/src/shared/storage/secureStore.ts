import { base64ToBytes, bytesToBase64 } from './base64.ts';

const IV_BYTES = 12;

export interface SecureStore {
  get<T>(name: string): Promise<T | null>;
  set(name: string, value: unknown): Promise<void>;
  remove(name: string): void;
}

/**
 * JSON values encrypted with AES-GCM and kept in a Storage as base64(iv + ciphertext).
 * A value that cannot be decrypted (other browser's key, tampering) is dropped and reads as absent.
 */
export function createSecureStore(getKey: () => Promise<CryptoKey>, storage: Storage): SecureStore {
  return {
    async get<T>(name: string): Promise<T | null> {
      const stored = storage.getItem(name);
      if (!stored) return null;
      try {
        const bytes = base64ToBytes(stored);
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
          await getKey(),
          bytes.subarray(IV_BYTES),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        storage.removeItem(name);
        return null;
      }
    },
    async set(name: string, value: unknown): Promise<void> {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipher = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        await getKey(),
        new TextEncoder().encode(JSON.stringify(value)),
      );
      const bytes = new Uint8Array(IV_BYTES + cipher.byteLength);
      bytes.set(iv);
      bytes.set(new Uint8Array(cipher), IV_BYTES);
      storage.setItem(name, bytesToBase64(bytes));
    },
    remove(name: string): void {
      storage.removeItem(name);
    },
  };
}
