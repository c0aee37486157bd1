import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { templateFieldErrors } from './serverFieldPaths.ts';

describe('template field errors', () => {
  it('puts row errors on their rows in the form spelling and drops unknown fields', () => {
    const error = new ApiError(400, 'bad', [
      { Field: 'items[1].DesignValue', Message: 'a' },
      { Field: 'Items[1].DesignValue', Message: 'b' },
      { Field: 'name', Message: 'c' },
      { Field: 'ProjectId', Message: 'd' },
    ]);
    expect(templateFieldErrors(error, ['Name', 'Items'])).toEqual([
      { name: ['Items', 1, 'DesignValue'], errors: ['a', 'b'] },
      { name: ['Name'], errors: ['c'] },
    ]);
    expect(templateFieldErrors(new Error('x'), ['Name'])).toEqual([]);
  });
});
