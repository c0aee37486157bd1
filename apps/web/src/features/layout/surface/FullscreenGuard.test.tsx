// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { registerShellNamespaces } from '../../../shared/i18n/resources.ts';
import { FullscreenGuard, minutesAndSeconds } from './FullscreenGuard.tsx';
import { FULLSCREEN_RETURN_MS } from './useFullscreenReturn.ts';

/** The browser's full screen, played by hand: whether a request is granted is up to each test. */
const fullscreen = { element: null as Element | null, grant: true, requests: 0 };

function setFullscreen(element: Element | null) {
  fullscreen.element = element;
  document.dispatchEvent(new Event('fullscreenchange'));
}

beforeAll(async () => {
  // React's act() warns unless told it runs under a test.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await initI18n('en-US');
  registerShellNamespaces();
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreen.element });
  document.documentElement.requestFullscreen = () => {
    fullscreen.requests += 1;
    if (!fullscreen.grant) return Promise.reject(new TypeError('Permissions check failed'));
    setFullscreen(document.documentElement);
    return Promise.resolve();
  };
});

beforeEach(() => {
  vi.useFakeTimers();
  fullscreen.element = null;
  fullscreen.grant = true;
  fullscreen.requests = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the fullscreen promise and the state updates after it settle. */
const settle = () => act(async () => undefined);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const countdown = () => screen.queryByTestId('surface-countdown');
const prompt = () => screen.queryByRole('button', { name: /Tap to enter full screen/ });

/** Renders the guard, taps its prompt and leaves full screen again: the countdown has started. */
async function enterAndLeave() {
  render(<FullscreenGuard />);
  fireEvent.click(prompt()!);
  await settle();
  expect(fullscreen.element).toBe(document.documentElement);
  act(() => setFullscreen(null));
}

describe('FullscreenGuard', () => {
  it('asks for a tap first and enters full screen on it', async () => {
    render(<FullscreenGuard />);
    expect(prompt()).not.toBeNull();
    expect(fullscreen.requests).toBe(0);
    fireEvent.click(prompt()!);
    await settle();
    expect(fullscreen.requests).toBe(1);
    expect(fullscreen.element).toBe(document.documentElement);
    expect(prompt()).toBeNull();
    expect(countdown()).toBeNull();
  });

  it('counts 3 minutes down after leaving full screen, then returns to it', async () => {
    await enterAndLeave();
    expect(countdown()?.textContent).toContain('It returns in 3:00');
    await advance(60_000);
    expect(countdown()?.textContent).toContain('It returns in 2:00');
    await advance(FULLSCREEN_RETURN_MS - 60_000 - 1000);
    expect(countdown()?.textContent).toContain('It returns in 0:01');
    expect(fullscreen.requests).toBe(1);
    await advance(1000);
    await settle();
    expect(fullscreen.requests).toBe(2);
    expect(fullscreen.element).toBe(document.documentElement);
    expect(countdown()).toBeNull();
    expect(prompt()).toBeNull();
  });

  it('shows the full-screen button when the browser refuses the return without a gesture', async () => {
    await enterAndLeave();
    fullscreen.grant = false;
    await advance(FULLSCREEN_RETURN_MS);
    await settle();
    expect(fullscreen.requests).toBe(2);
    expect(countdown()).toBeNull();
    expect(prompt()).not.toBeNull();
    fullscreen.grant = true;
    fireEvent.click(prompt()!);
    await settle();
    expect(fullscreen.element).toBe(document.documentElement);
    expect(prompt()).toBeNull();
  });

  it('cancels the countdown when full screen is entered earlier', async () => {
    await enterAndLeave();
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: /Full screen now/ }));
    await settle();
    expect(fullscreen.requests).toBe(2);
    expect(countdown()).toBeNull();
    await advance(FULLSCREEN_RETURN_MS);
    expect(fullscreen.requests).toBe(2);
  });

  it('starts a new full 3 minutes on each exit', async () => {
    await enterAndLeave();
    await advance(100_000);
    act(() => setFullscreen(document.documentElement));
    act(() => setFullscreen(null));
    expect(countdown()?.textContent).toContain('It returns in 3:00');
  });

  it('leaves the app usable when the browser gives no full screen even on a tap', async () => {
    fullscreen.grant = false;
    render(<FullscreenGuard />);
    fireEvent.click(prompt()!);
    await settle();
    expect(prompt()).toBeNull();
    expect(countdown()).toBeNull();
  });
});

describe('minutesAndSeconds', () => {
  it('writes m:ss', () => {
    expect([180, 125, 60, 9, 0].map(minutesAndSeconds)).toEqual(['3:00', '2:05', '1:00', '0:09', '0:00']);
  });
});
