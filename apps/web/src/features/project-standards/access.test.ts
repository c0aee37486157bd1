import { describe, expect, it } from 'vitest';
import { readOnlyReason } from './access.ts';

describe('readOnlyReason', () => {
  it('names the permission first, then the lock', () => {
    expect(readOnlyReason(true, false)).toBeNull();
    expect(readOnlyReason(true, true)).toBe('published');
    expect(readOnlyReason(false, true)).toBe('permission');
    expect(readOnlyReason(false, false)).toBe('permission');
  });
});
