import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ token: 'tok-1' as string | null, cleared: 0 }));
vi.mock('../storage/session.ts', () => ({
  getSession: () => (session.token ? { userName: 'u', token: session.token, entry: 'mscProjectList' } : null),
  clearSession: () => {
    session.cleared += 1;
    session.token = null;
  },
}));
const shown = vi.hoisted(() => [] as string[]);
vi.mock('../feedback/notify.ts', () => ({
  notify: { error: (text: string) => shown.push(text), success: () => undefined },
}));

const { callApi, uploadFile } = await import('./client.ts');
const { fileNameOf } = await import('./download.ts');
const { ApiError } = await import('./errors.ts');
const { routes } = await import('./routes.ts');
const { i18n, initI18n } = await import('../i18n/index.ts');

const envelope = (Code: number, Result: unknown, Message = '') =>
  new Response(JSON.stringify({ Code, Message, Result }), {
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
const assign = vi.fn();

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  session.token = 'tok-1';
  session.cleared = 0;
  shown.length = 0;
  assign.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
  });
  vi.stubGlobal('window', { location: { pathname: '/measurerobot/mscProjectList', assign }, setTimeout });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi', () => {
  it('sends JSON with the token and language and unwraps Result', async () => {
    fetchMock.mockResolvedValue(envelope(0, { Items: [], Total: 0, PageSize: 10, CurrentPage: 1 }));
    const result = await callApi(routes.projects.getPage, { ProjectName: 'a', PageSize: 10, CurrentPage: 1 });
    expect(result.Total).toBe(0);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ms/Project/GetPage');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ ProjectName: 'a', PageSize: 10, CurrentPage: 1 }));
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Accept-Language': 'en-US' });
  });

  it('puts GET input into the query string', async () => {
    fetchMock.mockResolvedValue(envelope(0, null));
    await callApi(routes.notifications.setReaded, { UpdateNotificationId: 'id 1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sys/Notification/SetReaded?UpdateNotificationId=id+1');
  });

  it('fills path parameters and keeps them out of the query', async () => {
    fetchMock.mockResolvedValue(envelope(0, []));
    await callApi(routes.orgs.subUsers, { id: 'a/b' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sys/SysOrg/SubUsers/a%2Fb');
  });

  it('uploads a file as multipart form data without a JSON content type', async () => {
    fetchMock.mockResolvedValue(envelope(0, { ImportId: 'x', Total: 0, Valid: 0, Rows: [] }));
    const result = await uploadFile(routes.userAdmin.importPreview, new Blob(['x']), 'users.xlsx');
    expect(result.ImportId).toBe('x');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/sys/user/ImportPreview');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('reads the download name from Content-Disposition, preferring the UTF-8 one', () => {
    const header = `attachment; filename="user-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`;
    expect(fileNameOf(header, 'x.xlsx')).toBe('用户导入模板.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('throws the envelope of a failed call without showing it', async () => {
    const fields = [{ Field: 'Email', Message: 'taken' }];
    fetchMock.mockResolvedValue(envelope(400, fields, 'bad'));
    const error = await callApi(routes.account.getSelf).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, message: 'bad', shown: false });
    expect((error as InstanceType<typeof ApiError>).fieldErrors).toEqual(fields);
    expect(shown).toEqual([]);
  });

  it('on HTTP 401 removes the session, shows fetch002 and leaves after 2 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location: { pathname: '/measurerobot/aboug', assign }, setTimeout });
    fetchMock.mockResolvedValue(new Response('{}', { status: 401 }));
    await expect(callApi(routes.account.getSelf)).rejects.toMatchObject({ code: 401, shown: true });
    expect(session.cleared).toBe(1);
    expect(shown).toEqual([i18n.t('common:fetch002')]);
    vi.advanceTimersByTime(1999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/measurerobot/login');
  });

  it('maps HTTP 500, cancellation and network failures to fetch003, fetch004 and fetch005', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(callApi(routes.account.getSelf)).rejects.toMatchObject({
      code: 500,
      message: i18n.t('common:fetch003'),
    });
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(callApi(routes.account.getSelf)).rejects.toMatchObject({
      code: 500,
      message: i18n.t('common:fetch004'),
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(routes.account.getSelf)).rejects.toMatchObject({
      code: 500,
      message: i18n.t('common:fetch005'),
    });
    expect(shown).toEqual([i18n.t('common:fetch003'), i18n.t('common:fetch004'), i18n.t('common:fetch005')]);
  });

  it('stays silent when the caller cancels', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(
      callApi(routes.account.getSelf, undefined, { signal: controller.signal }),
    ).rejects.toMatchObject({
      message: i18n.t('common:fetch004'),
      shown: false,
    });
    expect(shown).toEqual([]);
  });

  it('shares one request between identical concurrent GetCompanyUserList calls', async () => {
    fetchMock.mockImplementation(async () => envelope(0, ['u1']));
    const route = { method: 'POST', path: '/api/sys/user/GetCompanyUserList' } as const;
    const [a, b, c] = await Promise.all([
      callApi(route, { PageSize: 20 } as never),
      callApi(route, { PageSize: 20 } as never),
      callApi(route, { PageSize: 30 } as never),
    ]);
    expect(a).toEqual(['u1']);
    expect(b).toBe(a);
    expect(c).toEqual(['u1']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
