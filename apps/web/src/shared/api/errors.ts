import type { FieldError } from '@measure/contract';

/** A failed call: the envelope's Code, Message and Result, or a client-side failure with Code 500. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
    readonly result: unknown = null,
    /** True when the client already showed the message (401, 500, network), so callers stay quiet. */
    readonly shown = false,
  ) {
    super(message);
  }

  /** Field errors of a Code 400 answer. */
  get fieldErrors(): FieldError[] {
    if (!Array.isArray(this.result)) return [];
    return this.result.filter(
      (item): item is FieldError =>
        typeof item === 'object' && item !== null && typeof (item as FieldError).Field === 'string',
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the client already showed this failure (401, 500, network). */
export function alreadyShown(error: unknown): boolean {
  return isApiError(error) && error.shown;
}
