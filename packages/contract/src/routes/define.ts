import type { z } from 'zod';
import type { Access } from '../permissions.ts';
import type { FileAnswer } from './file-answers.ts';

/**
 * One API call: its method and path (exactly as in the spec), who may call it, its input schemas
 * and the schema of its `Result`. The server registers handlers from these definitions and the
 * web client is typed by them, so the two cannot drift.
 */
export interface RouteDefinition<
  TResult extends z.ZodType = z.ZodType,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: Access;
  /** OpenAPI grouping: the feature folder name (auth, users, projects, ...). */
  readonly tag: string;
  readonly summary: string;
  readonly body?: TBody;
  readonly query?: TQuery;
  readonly params?: TParams;
  readonly result: TResult;
  /** Sends a file, not the envelope, on success (the handler answers through `reply`). */
  readonly file?: FileAnswer;
  /** May refuse with HTTP 429 and Retry-After (too many attempts: sign-in, passwords, codes). */
  readonly throttled?: boolean;
}

export function defineRoute<
  TResult extends z.ZodType,
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
>(
  definition: RouteDefinition<TResult, TBody, TQuery, TParams>,
): RouteDefinition<TResult, TBody, TQuery, TParams> {
  return definition;
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a caller sends (before defaults and transforms). */
export type RouteBodyInput<R> = R extends RouteDefinition<z.ZodType, infer B> ? InputOf<B> : never;
/** What a handler receives (after validation). */
export type RouteBody<R> = R extends RouteDefinition<z.ZodType, infer B> ? OutputOf<B> : never;
export type RouteQuery<R> =
  R extends RouteDefinition<z.ZodType, z.ZodType | undefined, infer Q> ? OutputOf<Q> : never;
export type RouteParams<R> =
  R extends RouteDefinition<z.ZodType, z.ZodType | undefined, z.ZodType | undefined, infer P>
    ? OutputOf<P>
    : never;
export type RouteResult<R> = R extends RouteDefinition<infer T> ? z.output<T> : never;
