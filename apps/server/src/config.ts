import path from 'node:path';
import { rules } from '@measure/contract';
import { z } from 'zod';
import { parseS3Url, type S3Location } from './core/storage/s3-url.ts';

/**
 * Server configuration from the environment (design.md, "Start and configuration").
 * An invalid value stops the start with a message naming the variable.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  /** Product files in an S3-compatible bucket instead of DATA_DIR (design.md section 1). */
  S3_URL: z
    .string()
    .transform((value, context) => {
      const location = parseS3Url(value);
      if (typeof location === 'string') context.addIssue({ code: 'custom', message: location });
      return location as S3Location;
    })
    .optional(),
  DEMO: flag.optional(),
  ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      rules.isStrongPassword,
      'must be 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\',
    )
    .optional(),
  /** The platform operator (operator console), made at start when both are set; idempotent. */
  OPERATOR_EMAIL: z.string().email('must be an email address').optional(),
  OPERATOR_PASSWORD: z
    .string()
    .refine(
      rules.isStrongPassword,
      'must be 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\',
    )
    .optional(),
  LOGIN_AES_KEY: z
    .string()
    .refine((value) => Buffer.byteLength(value, 'utf8') === 16, 'must be exactly 16 bytes (AES-128 key)')
    .default('MsRobotCloud2026'),
  BASE_PATH: z
    .string()
    .regex(/^\/([A-Za-z0-9._~-]+\/?)*$/, 'must be a path starting with / (letters, digits, . _ ~ -)')
    .default('/'),
  /** Scheme, host and port the public pages are reached at (printed in report PDFs). */
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/?#]+\/?$/,
      'must be an http:// or https:// origin such as https://measure.example.com (no path: BASE_PATH adds it)',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  DEVICE_OFFLINE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /** A device silent this long has its administrators told once (the deviceOffline message). */
  DEVICE_OFFLINE_NOTIFY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(5),
  /** Background jobs (graphile-worker) in this process; off for a process that only serves requests. */
  JOBS: flag.default(true),
  REPORT_DOWNLOAD_MAX: z.coerce.number().int().min(1).max(1000).default(20),
});

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The S3_URL bucket for product files; undefined: files under dataDir. */
  s3: S3Location | undefined;
  demo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** OPERATOR_EMAIL / OPERATOR_PASSWORD: the platform operator made at start (both or neither). */
  operatorEmail: string | undefined;
  operatorPassword: string | undefined;
  loginAesKey: string;
  /** Always starts and ends with '/'. */
  basePath: string;
  /**
   * Where the public pages are reached, without a trailing slash or the base path: PUBLIC_URL, else
   * http://HOST:PORT. Background jobs (report PDFs) have no request to take it from.
   */
  publicOrigin: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  logLevel: string;
  trustProxy: boolean;
  /** log2 of the scrypt cost N for new password hashes (OWASP: 17). Lowered only by tests. */
  passwordHashLogN: number;
  /** A device without a heartbeat for this many seconds shows offline. */
  deviceOfflineSeconds: number;
  /** Seconds without a heartbeat after which a device's administrators get one deviceOffline message. */
  deviceOfflineNotifySeconds: number;
  /** Run the background job worker (graphile-worker) in this process. */
  jobs: boolean;
  /** At most this many reports per download (REPORT_DOWNLOAD_MAX). */
  reportDownloadMax: number;
  /** Directory of the built web app; undefined when it is not served. */
  webDistDir: string | undefined;
}

/** A listening address as a host name in a URL: all interfaces means this machine, IPv6 in brackets. */
function hostOf(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty values count as unset, so `PORT= npm start` means the default.
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .map((key) => [key, environment[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.OPERATOR_EMAIL === undefined) !== (env.OPERATOR_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together',
    );
  }
  const production = env.NODE_ENV === 'production';
  const basePath = env.BASE_PATH.endsWith('/') ? env.BASE_PATH : `${env.BASE_PATH}/`;
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    s3: env.S3_URL,
    demo: env.DEMO ?? !production,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    operatorEmail: env.OPERATOR_EMAIL?.toLowerCase(),
    operatorPassword: env.OPERATOR_PASSWORD,
    loginAesKey: env.LOGIN_AES_KEY,
    basePath,
    publicOrigin: env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${hostOf(env.HOST)}:${env.PORT}`,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM ?? 'Measure Cloud <no-reply@localhost>',
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    deviceOfflineSeconds: env.DEVICE_OFFLINE_SECONDS,
    deviceOfflineNotifySeconds: env.DEVICE_OFFLINE_NOTIFY_MINUTES * 60,
    jobs: env.JOBS,
    reportDownloadMax: env.REPORT_DOWNLOAD_MAX,
    passwordHashLogN: 17,
    webDistDir: undefined,
  };
}
