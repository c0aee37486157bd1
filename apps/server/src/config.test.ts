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
  ])('stops on an invalid %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
