/** The code sender of password resets: the server log without SMTP (and for phones), SMTP otherwise. */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../core/app-error.ts';
import { createCodeSender, type CodeMessage } from './code-sender.ts';

describe('createCodeSender', () => {
  function fakeLog() {
    const entries: Array<{ level: string; object: unknown; message: unknown }> = [];
    const record = (level: string) => (object: unknown, message?: unknown) => {
      entries.push({ level, object, message });
    };
    const log = {
      info: record('info'),
      error: record('error'),
      warn: record('warn'),
    } as unknown as FastifyBaseLogger;
    return { log, entries };
  }
  const message: CodeMessage = { channel: 'email', to: 'pm@example.com', subject: 'S', text: 'code 123456' };

  it('writes the code to the log when no SMTP server is configured, and always for phones', async () => {
    const { log, entries } = fakeLog();
    await createCodeSender(loadConfig({}), log).send(message);
    const withSmtp = createCodeSender(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), log);
    await withSmtp.send({ ...message, channel: 'phone', to: '13800000003' });
    await withSmtp.close?.();
    expect(entries).toEqual([
      {
        level: 'info',
        object: { channel: 'email', to: 'pm@example.com', text: 'code 123456' },
        message: 'verification code',
      },
      {
        level: 'info',
        object: { channel: 'phone', to: '13800000003', text: 'code 123456' },
        message: 'verification code',
      },
    ]);
  });

  it('logs an SMTP failure and throws a clear error instead of the details', async () => {
    const { log, entries } = fakeLog();
    const smtp = createCodeSender(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'a@example.com' }),
      log,
    );
    const error = await smtp.send(message).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await smtp.close?.();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('auth.verifyCodeSendFailed');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.level).toBe('error');
  });
});
