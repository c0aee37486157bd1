import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../shared/storage/session.ts', () => ({ getSession: () => null, clearSession: () => undefined }));
vi.mock('../../shared/feedback/notify.ts', () => ({
  notify: { error: () => undefined, success: () => undefined },
}));

const { DownloadFailed, percentOf, streamDownload } = await import('./streamDownload.ts');

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

let saved: { name: string; size: number }[];
beforeEach(() => {
  saved = [];
  const link = { href: '', download: '', click: () => undefined, remove: () => undefined };
  link.click = () => {
    saved.push({ name: link.download, size: blobs.get(link.href)?.size ?? -1 });
  };
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('document', { createElement: () => link, body: { append: () => undefined } });
  vi.stubGlobal('window', { setTimeout: () => 0 });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('streamDownload', () => {
  it('reports the bytes as they arrive against Content-Length and saves under the server name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        streamed([1000, 3000, 6000], {
          'content-type': 'application/zip',
          'content-length': '10000',
          'content-disposition': "attachment; filename*=UTF-8''reports.zip",
        }),
      ),
    );
    const seen: (number | null)[] = [];
    const name = await streamDownload('http://x/file', 'fallback.pdf', (progress) =>
      seen.push(percentOf(progress)),
    );
    expect(name).toBe('reports.zip');
    expect(seen).toEqual([0, 10, 40, 100]);
    expect(saved).toEqual([{ name: 'reports.zip', size: 10_000 }]);
  });

  it('counts bytes without a percentage when the length is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed([5, 7], { 'content-type': 'application/pdf' })),
    );
    const received: number[] = [];
    await streamDownload('http://x/file', 'report.pdf', (progress) => {
      expect(progress.total).toBeNull();
      received.push(progress.received);
    });
    expect(received).toEqual([0, 5, 12]);
    expect(saved).toEqual([{ name: 'report.pdf', size: 12 }]);
  });

  it('fails on an expired address (the JSON envelope, HTTP 404) and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ Code: 404, Message: 'x', Result: null }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(streamDownload('http://x/file', 'r.pdf', () => undefined)).rejects.toBeInstanceOf(
      DownloadFailed,
    );
    expect(saved).toEqual([]);
  });
});
