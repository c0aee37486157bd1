import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the defaults of design.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      demo: true,
      loginAesKey: 'MsRobotCloud2026',
      basePath: '/',
      databaseUrl: undefined,
      sessionIdleMs: 2 * 3_600_000,
      sessionAbsoluteMs: 12 * 3_600_000,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('turns demo data off in production unless DEMO says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('normalises BASE_PATH to end with a slash and treats empty values as unset', () => {
    expect(loadConfig({ BASE_PATH: '/cloud' }).basePath).toBe('/cloud/');
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('takes the public origin from PUBLIC_URL, else from HOST and PORT', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://measure.example.com/' }).publicOrigin).toBe(
      'https://measure.example.com',
    );
  });

  it('reads S3_URL: HTTPS, or plain HTTP with s3+http, URL-encoded key and secret, default region', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_URL: 's3://AK%2Fx:s%2Bcr%3Aet@oss.example.com/measure-files?region=cn-hangzhou' }).s3,
    ).toEqual({
      endpoint: 'https://oss.example.com',
      bucket: 'measure-files',
      region: 'cn-hangzhou',
      accessKeyId: 'AK/x',
      secretAccessKey: 's+cr:et',
    });
    expect(loadConfig({ S3_URL: 's3+http://minio:minio123@127.0.0.1:9000/files/' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio123',
    });
  });

  it('never repeats the S3_URL secret in its message', () => {
    expect(() => loadConfig({ S3_URL: 's3://key:topsecret@s3.example.com/x' })).toThrow(
      /^((?!topsecret)[\s\S])*$/,
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO', 'maybe'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOGIN_AES_KEY', 'short'],
    ['BASE_PATH', 'no-slash'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'weakpassword'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'measure.example.com'],
    ['PUBLIC_URL', 'https://measure.example.com/cloud'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['S3_URL', 'https://key:secret@s3.example.com/bucket'],
    ['S3_URL', 's3://s3.example.com/bucket'],
    ['S3_URL', 's3://key@s3.example.com/bucket'],
    ['S3_URL', 's3://key:secret@s3.example.com/'],
    ['S3_URL', 's3://key:secret@s3.example.com/ab'],
    ['S3_URL', 's3://key:secret@s3.example.com/Upper_Case'],
    ['S3_URL', 's3://key:secret@s3.example.com/bucket/extra'],
    ['S3_URL', 's3://key:secret@s3.example.com/bucket?region=Not%20A%20Region'],
    ['S3_URL', 's3://key:secret@s3.example.com/bucket?regoin=cn-north-1'],
    ['S3_URL', 's3://key:bad%zz@s3.example.com/bucket'],
  ])('stops on an invalid %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
