import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import {
  bindMessageApi,
  isSuppressedMessage,
  MESSAGE_DURATION,
  notify,
  setMessageBarLoader,
  takePendingMessages,
} from './notify.ts';
import type { MessageInstance } from 'antd/es/message/interface';

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('notify', () => {
  it('suppresses "request response intercepted" in every language', () => {
    expect(isSuppressedMessage('请求响应被拦截')).toBe(true);
    expect(isSuppressedMessage(' Request response intercepted ')).toBe(true);
    expect(isSuppressedMessage('用户名或密码错误')).toBe(false);
  });

  it('shows errors and successes for 5 s and the rest for 4 s', () => {
    const open = vi.fn();
    bindMessageApi({ open } as unknown as MessageInstance);
    notify.error('e');
    notify.success('s');
    notify.warning('w');
    notify.error('请求响应被拦截');
    expect(open.mock.calls.map(([config]) => [config.type, config.duration])).toEqual([
      ['error', MESSAGE_DURATION.emphasised],
      ['success', MESSAGE_DURATION.emphasised],
      ['warning', MESSAGE_DURATION.default],
    ]);
    expect(MESSAGE_DURATION).toEqual({ default: 4, emphasised: 5 });
    bindMessageApi(null);
  });

  it('asks for the message bar on the first message and shows what waited once it is bound', () => {
    const load = vi.fn();
    setMessageBarLoader(load);
    notify.error('first');
    notify.info('second');
    expect(load).toHaveBeenCalledTimes(2);
    const open = vi.fn();
    bindMessageApi({ open } as unknown as MessageInstance);
    expect(open.mock.calls.map(([config]) => config.content)).toEqual(['first', 'second']);
    expect(takePendingMessages()).toEqual([]);
    notify.success('third');
    expect(load).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledTimes(3);
    bindMessageApi(null);
    setMessageBarLoader(null);
  });

  it('hands the waiting messages over when the message bar cannot load', () => {
    setMessageBarLoader(() => undefined);
    notify.warning('offline');
    expect(takePendingMessages()).toEqual([
      { type: 'warning', content: 'offline', duration: MESSAGE_DURATION.default, key: 'warning:offline' },
    ]);
    setMessageBarLoader(null);
  });

  it('shows one message for equal ones: the same kind and text share a key', () => {
    setMessageBarLoader(() => undefined);
    notify.error('没有权限');
    notify.error('没有权限');
    notify.warning('没有权限');
    expect(takePendingMessages().map((item) => item.key)).toEqual(['error:没有权限', 'warning:没有权限']);
    setMessageBarLoader(null);
    const open = vi.fn();
    bindMessageApi({ open } as unknown as MessageInstance);
    notify.error('没有权限');
    notify.error('没有权限');
    expect(open.mock.calls.map(([config]) => config.key)).toEqual(['error:没有权限', 'error:没有权限']);
    bindMessageApi(null);
  });
});
