import { fieldErrorsFor, type FormFieldError } from '../forms/serverErrors.ts';
import { isApiError } from './errors.ts';

/** Where the messages of a failed upload go in its dialog. */
export interface UploadFailure<N extends string> {
  /** What the server said about the file itself (every upload names it `File`): shown at the picker. */
  file: string | null;
  /** What it said about the dialog's own form fields. */
  fields: FormFieldError<N>[];
  /** A refusal about neither (403, 409, 423, a field the dialog lacks) not shown yet: one line. */
  message: string | null;
}

/**
 * The one mapping from a failed upload (`uploadFile`, `uploadWithProgress`) to its dialog's places.
 * 401, 5xx and network failures were shown by the client already and give nothing here.
 */
export function uploadFailureOf<N extends string = never>(
  error: unknown,
  formFields: readonly N[] = [],
  aliases: Record<string, N> = {},
): UploadFailure<N> {
  const file = fieldErrorsFor(error, ['File'] as const).flatMap((field) => field.errors);
  const fields = fieldErrorsFor(error, formFields, aliases);
  const unshown = isApiError(error) && !error.shown;
  return {
    file: file.length > 0 ? file.join(' ') : null,
    fields,
    message: unshown && file.length === 0 && fields.length === 0 ? error.message : null,
  };
}

/** A failed upload in one line (dialogs with one place for it): the file's message, else the refusal's. */
export function uploadFailureText(error: unknown): string | null {
  const failure = uploadFailureOf(error);
  return failure.file ?? failure.message;
}
