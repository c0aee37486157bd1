import { z } from 'zod';

/** Codes carried in the `Code` field of every response (design.md, API conventions). */
export const ErrorCode = {
  Success: 0,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Locked: 423,
  TooManyRequests: 429,
  Internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every response body: `{ Code, Message, Result }`. */
export interface Envelope<T> {
  Code: number;
  Message: string;
  Result: T;
}

/** One field problem in the `Result` of a Code 400 answer. */
export interface FieldError {
  Field: string;
  Message: string;
}

export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({ Code: z.number().int(), Message: z.string(), Result: result });

/** Paging request fields shared by every list call. */
export const pageRequestShape = {
  PageSize: z.coerce.number().int().min(1).max(200).default(10),
  CurrentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  OrderBy: z.string().max(64).optional(),
  AscDesc: z.enum(['asc', 'desc']).optional(),
};

export const pageResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    Items: z.array(item),
    Total: z.number().int(),
    PageSize: z.number().int(),
    CurrentPage: z.number().int(),
  });

export interface PageResult<T> {
  Items: T[];
  Total: number;
  PageSize: number;
  CurrentPage: number;
}
