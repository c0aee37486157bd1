import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchSharedReport, prefetchSharedReportOfAddress } from './sharedReportCache.ts';

const report = { TaskId: 't-1' };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ Code: 0, Message: '', Result: report }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shared report from the address', () => {
  it('asks for a shared report the address names, once, before the app renders', async () => {
    prefetchSharedReportOfAddress('/supplement/taskReportList/share-one', 'zh-CN');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/share\/share-one\/Report$/);
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
    // The route's loader, a moment later, shares the request under way instead of making another.
    await expect(prefetchSharedReport('share-one', 'zh-CN')).resolves.toEqual(report);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing on any other page', () => {
    prefetchSharedReportOfAddress('/measurerobot/login', 'zh-CN');
    prefetchSharedReportOfAddress('/supplement/taskReportDetail/share-two/3', 'zh-CN');
    prefetchSharedReportOfAddress('/supplement/taskReportList/', 'zh-CN');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
