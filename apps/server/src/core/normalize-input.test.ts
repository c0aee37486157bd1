import { z } from 'zod';
import { expect, it } from 'vitest';
import { normalizeKeys, PostDataError, unwrapPostData } from './normalize-input.ts';

const schema = z.object({
  PageSize: z.number().default(10),
  Details: z.array(z.object({ BuildingNumber: z.string() })).optional(),
  Nested: z.object({ UserId: z.string() }).nullable(),
});

it('renames keys to the schema spelling at every depth and keeps unknown keys', () => {
  expect(
    normalizeKeys(
      { pagesize: 5, DETAILS: [{ buildingnumber: '1#' }], nested: { userid: 'u' }, extra: 1 },
      schema,
    ),
  ).toEqual({ PageSize: 5, Details: [{ BuildingNumber: '1#' }], Nested: { UserId: 'u' }, extra: 1 });
});

it('prefers the exact spelling when a key comes in two casings', () => {
  expect(normalizeKeys({ pagesize: 1, PageSize: 2 }, schema)).toEqual({ PageSize: 2 });
  expect(normalizeKeys({ PageSize: 2, pagesize: 1 }, schema)).toEqual({ PageSize: 2 });
});

it('never copies prototype keys', () => {
  const polluted = JSON.parse('{"__proto__": {"admin": true}, "PageSize": 1}') as unknown;
  const result = normalizeKeys(polluted, schema) as Record<string, unknown>;
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  expect((result as { admin?: boolean }).admin).toBeUndefined();
});

it('unwraps PostData in any key case and refuses non-JSON', () => {
  expect(unwrapPostData({ postdata: '{"a":1}' })).toEqual({ a: 1 });
  expect(unwrapPostData({ a: 1 })).toEqual({ a: 1 });
  expect(() => unwrapPostData({ PostData: '{' })).toThrow(PostDataError);
  expect(() => unwrapPostData({ PostData: 5 })).toThrow(PostDataError);
});
