// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { registerShellNamespaces } from '../../../shared/i18n/resources.ts';
import { clearEmbeddedMode, setEmbeddedMode } from '../../../shared/storage/embedded.ts';
import { SurfaceProvider } from './SurfaceProvider.tsx';

function screenOf(width: number, height: number, ratio: number) {
  Object.defineProperty(window.screen, 'width', { configurable: true, value: width });
  Object.defineProperty(window.screen, 'height', { configurable: true, value: height });
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: ratio });
}

const page = () =>
  render(
    <SurfaceProvider>
      <Button>page</Button>
    </SurfaceProvider>,
  );

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await initI18n('zh-CN');
  registerShellNamespaces();
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
});

afterEach(() => {
  cleanup();
  clearEmbeddedMode();
});

describe('SurfaceProvider', () => {
  it('in surface mode marks the page, sizes controls large and asks for full screen', () => {
    screenOf(1368, 912, 2);
    setEmbeddedMode(47123);
    page();
    expect(document.documentElement.dataset.surface).toBe('touch');
    expect(screen.getByRole('button', { name: 'page' }).className).toContain('ant-btn-lg');
    expect(screen.getByRole('button', { name: /点击进入全屏/ })).toBeTruthy();
  });

  it('changes nothing outside surface mode', () => {
    screenOf(1368, 912, 2);
    page();
    expect(document.documentElement.dataset.surface).toBeUndefined();
    expect(screen.getByRole('button', { name: 'page' }).className).not.toContain('ant-btn-lg');
    expect(screen.queryByRole('button', { name: /点击进入全屏/ })).toBeNull();
  });

  it('keeps the normal layout for an external login on an ordinary monitor', () => {
    screenOf(1920, 1080, 1);
    setEmbeddedMode(47123);
    page();
    expect(document.documentElement.dataset.surface).toBeUndefined();
    expect(screen.queryByRole('button', { name: /点击进入全屏/ })).toBeNull();
  });
});
