import { hash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Tokens, tickets and codes are stored only as this hash. One-shot `hash` (Node 20.12): every
 * authenticated call takes one, and it costs a third of a `createHash` object.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A 6-digit verification code. */
export const newVerifyCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
