import { randomBytes } from 'node:crypto';
import type { Language } from '@measure/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A fresh verification code: 80 random bits as 16 base32 characters (RFC 4648, no padding), short
 * enough to type from paper, too many to guess (spec: at least 64 bits).
 */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code;
}

/** The public verification page of a code: `<origin><BASE_PATH>supplement/verify/<code>`. */
export const verificationUrl = (publicBase: string, code: string) =>
  `${publicBase}supplement/verify/${encodeURIComponent(code)}`;

/** What a PDF prints to be checked against the platform: its code and the page's address. */
export interface ReportVerificationMark {
  code: string;
  url: string;
}

/** A fresh code and address per language: each rendered PDF is its own rendition. */
export const verificationMarks = (
  languages: readonly Language[],
  publicBase: string,
): Map<Language, ReportVerificationMark> =>
  new Map(
    languages.map((language) => {
      const code = newVerificationCode();
      return [language, { code, url: verificationUrl(publicBase, code) }];
    }),
  );
