import { ErrorCode } from '@measure/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../core/app-error.ts';

export interface CodeMessage {
  channel: 'email' | 'phone';
  to: string;
  subject: string;
  text: string;
}

/** Delivers verification codes. Tests replace it (ServiceOverrides.codeSender) to read the code. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
  close?(): Promise<void>;
}

/** What the caller gets when delivery fails; the cause stays in the server log. */
export const codeSendFailed = () => new AppError(ErrorCode.Internal, 'auth.verifyCodeSendFailed');

/**
 * SMTP (nodemailer) for email when `SMTP_URL` is set. Otherwise, and always for phone numbers
 * (there is no SMS gateway), the message is written to the server log at info level.
 */
export function createCodeSender(config: AppConfig, log: FastifyBaseLogger): CodeSender {
  const logSender = async ({ channel, to, text }: CodeMessage) => {
    log.info({ channel, to, text }, 'verification code');
  };
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) return { send: logSender };

  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      if (message.channel !== 'email') return logSender(message);
      try {
        await transport.sendMail({
          from: config.smtpFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        log.error({ err: error, channel: message.channel, to: message.to }, 'verification code not sent');
        throw codeSendFailed();
      }
    },
    async close() {
      transport.close();
    },
  };
}
