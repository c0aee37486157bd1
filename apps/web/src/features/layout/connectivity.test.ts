import { describe, expect, it } from 'vitest';
import { nextConnectivity, probe } from './connectivity.ts';

describe('connectivity probe', () => {
  it('reports ok for any answer', async () => {
    const fetcher = (async () => new Response('', { status: 404 })) as typeof fetch;
    expect(await probe('favicon.ico', 100, fetcher)).toBe('ok');
  });

  it('reports a time-out when the answer takes too long', async () => {
    const fetcher = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    expect(await probe('favicon.ico', 20, fetcher)).toBe('timeout');
  });

  it('reports offline when the request fails', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probe('favicon.ico', 100, fetcher)).toBe('offline');
  });

  it('announces loss and return once, and every time-out', () => {
    expect(nextConnectivity(true, 'ok')).toEqual({ online: true, announce: null });
    expect(nextConnectivity(true, 'offline')).toEqual({ online: false, announce: 'lost' });
    expect(nextConnectivity(false, 'offline')).toEqual({ online: false, announce: null });
    expect(nextConnectivity(false, 'ok')).toEqual({ online: true, announce: 'back' });
    expect(nextConnectivity(true, 'timeout')).toEqual({ online: true, announce: 'timeout' });
  });
});
