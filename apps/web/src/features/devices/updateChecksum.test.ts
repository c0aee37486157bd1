import { describe, expect, it } from 'vitest';
import { BROWSER_HASH_MAX_BYTES, formatBytes, sha256OfFile } from './updateChecksum.ts';

describe('sha256OfFile', () => {
  it('hashes a file with WebCrypto', async () => {
    expect(await sha256OfFile(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives up on files above the browser limit', async () => {
    const huge = { size: BROWSER_HASH_MAX_BYTES + 1 } as Blob;
    expect(await sha256OfFile(huge)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('writes bytes, KB, MB and GB', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });
});
