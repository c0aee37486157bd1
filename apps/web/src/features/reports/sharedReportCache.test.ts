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

/** A page as the server sends it with a report inside (core/page-data.ts), as far as the cache reads it. */
function pageWithData(apiPath: string, language: string, text: string) {
  let element: object | null = {
    dataset: { for: apiPath, language },
    textContent: text,
    remove: () => {
      element = null;
    },
  };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'page-data' ? element : null) });
}

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

describe('the shared report in the page', () => {
  it('takes the report the server put into the page and asks for nothing', async () => {
    const inline = { TaskId: 't-inline' };
    pageWithData('/api/share/share-three/Report', 'zh-CN', JSON.stringify(inline));
    prefetchSharedReportOfAddress('/supplement/taskReportList/share-three', 'zh-CN');
    await expect(prefetchSharedReport('share-three', 'zh-CN')).resolves.toEqual(inline);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the page holds another language, another share or no valid JSON', () => {
    pageWithData('/api/share/share-four/Report', 'zh-CN', '{}');
    prefetchSharedReportOfAddress('/supplement/taskReportList/share-four', 'en-US');
    pageWithData('/api/share/other/Report', 'zh-CN', '{}');
    prefetchSharedReportOfAddress('/supplement/taskReportList/share-five', 'zh-CN');
    pageWithData('/api/share/share-six/Report', 'zh-CN', '{"TaskId":');
    prefetchSharedReportOfAddress('/supplement/taskReportList/share-six', 'zh-CN');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
