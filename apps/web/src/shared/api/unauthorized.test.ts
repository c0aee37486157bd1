import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** Spec section 8: a 401 ends the session, shows fetch002 and after 2 s leaves for the target. */
const session = vi.hoisted(() => ({ token: 'tok-1' as string | null }));
vi.mock('../storage/session.ts', () => ({
  getSession: () => (session.token ? { userName: 'u', token: session.token, entry: 'mscProjectList' } : null),
  clearSession: () => {
    session.token = null;
  },
}));
const shown = vi.hoisted(() => [] as string[]);
vi.mock('../feedback/notify.ts', () => ({
  notify: { error: (text: string) => shown.push(text), success: () => undefined },
}));

const { handleUnauthorized, unauthorizedTarget, UNAUTHORIZED_REDIRECT_MS } =
  await import('./unauthorized.ts');
const { i18n, initI18n } = await import('../i18n/index.ts');

const stored = new Map<string, string>();
const assign = vi.fn();

beforeAll(async () => {
  await initI18n('zh-CN');
});

beforeEach(() => {
  vi.useFakeTimers();
  session.token = 'tok-1';
  shown.length = 0;
  stored.clear();
  assign.mockReset();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('window', { location: { pathname: '/measurerobot/mscProjectList', assign }, setTimeout });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HTTP 401 in embedded-surface mode', () => {
  it('goes to the local surface port after 2 s, with fetch002 shown at once', async () => {
    const { setEmbeddedMode } = await import('../storage/embedded.ts');
    setEmbeddedMode(47123);
    expect(unauthorizedTarget()).toBe('http://127.0.0.1:47123/');
    handleUnauthorized('tok-1');
    expect(session.token).toBeNull();
    expect(shown).toEqual([i18n.t('common:fetch002')]);
    expect(shown[0]).toBe('认证信息已过期或账号已被禁用，即将退出登录');
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(UNAUTHORIZED_REDIRECT_MS).toBe(2000);
    expect(assign).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:47123/');
  });

  it('goes to the sub-system login outside it', () => {
    handleUnauthorized('tok-1');
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(assign).toHaveBeenCalledExactlyOnceWith(unauthorizedTarget());
    expect(unauthorizedTarget()).toBe('/measurerobot/login');
  });
});
