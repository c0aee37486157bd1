import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PasswordHasher } from './password-hasher.ts';

it('uses OWASP scrypt parameters (N=2^17, r=8, p=1) by default', async () => {
  expect(loadConfig({}).passwordHashLogN).toBe(17);
  const hash = await new PasswordHasher().hash('Admin@123456');
  expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  expect(await new PasswordHasher(10).verify('Admin@123456', hash)).toBe(true);
});

it('verifies with the parameters stored in the hash, and salts every hash', async () => {
  const hasher = new PasswordHasher(10);
  const first = await hasher.hash('Secret@12345');
  const second = await hasher.hash('Secret@12345');
  expect(first).not.toBe(second);
  expect(await hasher.verify('Secret@12345', first)).toBe(true);
  expect(await hasher.verify('Secret@12346', first)).toBe(false);
  expect(await hasher.verify('Secret@12345', 'garbage')).toBe(false);
  expect(await hasher.verifyDummy('anything')).toBe(false);
});

it('never runs more hashes at once than allowed', async () => {
  const hasher = new PasswordHasher(10, 2);
  let running = 0;
  let peak = 0;
  const internals = hasher as unknown as { limited<T>(work: () => Promise<T>): Promise<T> };
  await Promise.all(
    Array.from({ length: 8 }, () =>
      internals.limited(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      }),
    ),
  );
  expect(peak).toBe(2);
});
