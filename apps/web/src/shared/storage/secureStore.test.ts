import { describe, expect, it } from 'vitest';
import { createSecureStore } from './secureStore.ts';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

describe('secure store', () => {
  it('round-trips values and never stores them in clear', async () => {
    const storage = new MemoryStorage();
    const key = await newKey();
    const store = createSecureStore(async () => key, storage);
    const login = { username: 'admin@example.com', password: 'Admin@123456', rememberPassword: true };
    await store.set('login', login);
    const raw = storage.getItem('login') ?? '';
    expect(raw).not.toContain('Admin@123456');
    expect(atob(raw)).not.toContain('Admin@123456');
    expect(await store.get('login')).toEqual(login);
  });

  it('uses a fresh iv for every write', async () => {
    const storage = new MemoryStorage();
    const key = await newKey();
    const store = createSecureStore(async () => key, storage);
    await store.set('a', 'same');
    const first = storage.getItem('a');
    await store.set('a', 'same');
    expect(storage.getItem('a')).not.toBe(first);
  });

  it('drops values another key cannot decrypt', async () => {
    const storage = new MemoryStorage();
    const writer = createSecureStore(newKey, storage);
    await writer.set('session', { token: 't' });
    const otherKey = await newKey();
    const reader = createSecureStore(async () => otherKey, storage);
    expect(await reader.get('session')).toBeNull();
    expect(storage.getItem('session')).toBeNull();
  });
});
