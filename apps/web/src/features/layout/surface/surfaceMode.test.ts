// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearEmbeddedMode, setEmbeddedMode } from '../../../shared/storage/embedded.ts';
import { isSurfaceMode } from './surfaceMode.ts';

function screenOf(width: number, height: number, ratio: number) {
  Object.defineProperty(window.screen, 'width', { configurable: true, value: width });
  Object.defineProperty(window.screen, 'height', { configurable: true, value: height });
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: ratio });
}

afterEach(() => clearEmbeddedMode());

describe('isSurfaceMode', () => {
  it('needs both the external login (flag and port) and a large tablet screen', () => {
    screenOf(1368, 912, 2);
    expect(isSurfaceMode()).toBe(false);
    setEmbeddedMode(47123);
    expect(isSurfaceMode()).toBe(true);
    screenOf(1440, 900, 1);
    expect(isSurfaceMode()).toBe(false);
    screenOf(1200, 1920, 1);
    expect(isSurfaceMode()).toBe(true);
    clearEmbeddedMode();
    expect(isSurfaceMode()).toBe(false);
  });

  it('ignores a stored port that is no port', () => {
    screenOf(1920, 1200, 1);
    localStorage.setItem('measure.externalLogin', '70000');
    expect(isSurfaceMode()).toBe(false);
  });
});
