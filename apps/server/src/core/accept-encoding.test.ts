import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accept-encoding.ts';

describe('acceptsEncoding', () => {
  it('takes a coding named or covered by *, with a weight above 0', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, BR;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding(['gzip', 'br'], 'br')).toBe(true);
  });

  it('refuses a coding absent, weighed 0, or excluded while * is taken', () => {
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
    expect(acceptsEncoding('', 'br')).toBe(false);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=abc', 'br')).toBe(false);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
  });
});
