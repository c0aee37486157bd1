import { conflict } from '../../core/app-error.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

/** Maps a unique violation of users' email or phone (a race between check and write) to 409 naming the field. */
export function rethrowDuplicateLogin(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_uq') throw conflict('Email', 'users.emailTaken');
  if (constraint === 'users_phone_uq') throw conflict('Phone', 'users.phoneTaken');
  throw error;
}
