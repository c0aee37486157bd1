import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens, tickets and codes are stored only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 6-digit verification code. */
export const newVerifyCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
