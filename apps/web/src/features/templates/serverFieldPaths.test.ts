import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { fieldPathOf, nestedFieldErrors } from './serverFieldPaths.ts';

describe('server field paths', () => {
  it('turns a server field name into a form path', () => {
    expect(fieldPathOf('Items[2].DesignValue')).toEqual(['Items', 2, 'DesignValue']);
    expect(fieldPathOf('Name')).toEqual(['Name']);
    expect(fieldPathOf('list[0].Min')).toEqual(['list', 0, 'Min']);
  });

  it('puts row errors on their rows in the form spelling and drops unknown fields', () => {
    const error = new ApiError(400, 'bad', [
      { Field: 'items[1].DesignValue', Message: 'a' },
      { Field: 'Items[1].DesignValue', Message: 'b' },
      { Field: 'name', Message: 'c' },
      { Field: 'ProjectId', Message: 'd' },
    ]);
    expect(nestedFieldErrors(error, ['Name', 'Items'])).toEqual([
      { name: ['Items', 1, 'DesignValue'], errors: ['a', 'b'] },
      { name: ['Name'], errors: ['c'] },
    ]);
    expect(nestedFieldErrors(new Error('x'), ['Name'])).toEqual([]);
  });
});
