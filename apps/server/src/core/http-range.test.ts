import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.ts';

describe('parseRange', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange(' BYTES = 1 - 2 ', 100)).toEqual({ start: 1, end: 2 });
  });

  it('answers unsatisfiable beyond the end, for an empty suffix and on an empty file', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('ignores missing, malformed, other units and multiple ranges', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-1',
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=a-b',
    ]) {
      expect(parseRange(header, 100), String(header)).toBeNull();
    }
    expect(parseRange(`bytes=0-${'9'.repeat(30)}`, 100)).toBeNull();
  });
});
