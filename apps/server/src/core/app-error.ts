import { ErrorCode, type FieldError, type MessageKey, type MessageParams } from '@measure/contract';

/** A field problem before translation: the message is a key, filled in the request's language. */
export interface FieldProblem {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * The one error type of the server. `code` goes into the envelope's Code; business failures are
 * answered with HTTP 200, except 401 (no session), 429 (throttled) and 500, as design.md fixes.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly fields: FieldProblem[] = [],
    /** Seconds for the Retry-After header of a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    if (this.code === ErrorCode.Unauthorized) return 401;
    if (this.code === ErrorCode.TooManyRequests) return 429;
    return 200;
  }
}

export const badRequest = (key: MessageKey = 'errors.badRequest', fields: FieldProblem[] = []) =>
  new AppError(ErrorCode.BadRequest, key, {}, fields);
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(ErrorCode.BadRequest, key, params, [{ field, key, params }]);
export const unauthorized = () => new AppError(ErrorCode.Unauthorized, 'errors.unauthenticated');
export const forbidden = (key: MessageKey = 'errors.forbidden') => new AppError(ErrorCode.Forbidden, key);
export const notFound = (key: MessageKey = 'errors.notFound') => new AppError(ErrorCode.NotFound, key);
export const conflict = (field: string, key: MessageKey) =>
  new AppError(ErrorCode.Conflict, key, {}, [{ field, key }]);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    ErrorCode.TooManyRequests,
    'errors.tooManyAttempts',
    { seconds: retryAfterSeconds },
    [],
    retryAfterSeconds,
  );

export type { FieldError };
