import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * scrypt password hashing at OWASP parameters (N=2^17, r=8, p=1). A hash records its own
 * parameters (`scrypt$<logN>$<r>$<p>$<salt>$<hash>`), so lowering the cost (tests do) never
 * weakens existing hashes. Each hash takes 128 MiB, so at most `maxConcurrent` run at once.
 */
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export class PasswordHasher {
  private readonly limited: LimitFunction;
  /** A hash of a random password, verified against when the account is unknown (equal timing). */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly logN = 17,
    maxConcurrent = 2,
  ) {
    this.limited = pLimit(maxConcurrent);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.limited(() => scryptAsync(password, salt, this.options(this.logN, 8, 1)));
    return ['scrypt', this.logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    const salt = Buffer.from(parts[4] ?? '', 'base64');
    const expected = Buffer.from(parts[5] ?? '', 'base64');
    const actual = await this.limited(() => scryptAsync(password, salt, this.options(logN, r, p)));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Spends the same time as a real verification; always false. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.dummyHash);
    return false;
  }

  private options(logN: number, r: number, p: number): ScryptOptions {
    const N = 2 ** logN;
    return { N, r, p, maxmem: 128 * N * r * 2 };
  }
}
