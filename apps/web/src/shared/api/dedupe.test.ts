import { describe, expect, it, vi } from 'vitest';
import { createDeduper, requestKey } from './dedupe.ts';

describe('request dedupe', () => {
  it('shares one request between identical concurrent calls', async () => {
    const dedupe = createDeduper();
    let resolve: (value: string[]) => void = () => undefined;
    const run = vi.fn(() => new Promise<string[]>((done) => (resolve = done)));
    const key = requestKey('POST', '/api/sys/user/GetCompanyUserList', { PageSize: 20 });
    const first = dedupe(key, run);
    const second = dedupe(key, run);
    expect(run).toHaveBeenCalledTimes(1);
    resolve(['a']);
    expect(await first).toEqual(['a']);
    expect(await second).toEqual(['a']);
  });

  it('fetches again once the shared request settled, also after a failure', async () => {
    const dedupe = createDeduper();
    const run = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    await expect(dedupe('k', run)).rejects.toThrow('down');
    expect(await dedupe('k', run)).toBe('ok');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('keeps different bodies and paths apart, ignoring path case', () => {
    expect(requestKey('POST', '/api/sys/User/GetCompanyUserList', { a: 1 })).toBe(
      requestKey('POST', '/api/sys/user/getcompanyuserlist', { a: 1 }),
    );
    expect(requestKey('POST', '/x', { a: 1 })).not.toBe(requestKey('POST', '/x', { a: 2 }));
    const dedupe = createDeduper();
    const run = vi.fn(() => new Promise(() => undefined));
    void dedupe(requestKey('POST', '/x', { a: 1 }), run);
    void dedupe(requestKey('POST', '/x', { a: 2 }), run);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
