import { describe, expect, it } from 'vitest';
import { isLargeTabletScreen } from './largeScreen.ts';

const at = (width: number, height: number, ratio: number) => isLargeTabletScreen({ width, height }, ratio);

describe('isLargeTabletScreen (spec section 9: physical 2736x1824 and 1920x1200)', () => {
  it.each([
    ['2736x1824 at 100 %', 2736, 1824, 1],
    ['2736x1824 at 150 %', 1824, 1216, 1.5],
    ['2736x1824 at 175 % (CSS size rounded down)', 1563, 1042, 1.75],
    ['2736x1824 at 200 %', 1368, 912, 2],
    ['1920x1200 at 100 %', 1920, 1200, 1],
    ['1920x1200 at 125 %', 1536, 960, 1.25],
    ['1920x1200 at 150 %', 1280, 800, 1.5],
    ['1920x1200 at 200 %', 960, 600, 2],
  ])('detects %s in landscape and portrait', (_name, width, height, ratio) => {
    expect(at(width, height, ratio)).toBe(true);
    expect(at(height, width, ratio)).toBe(true);
  });

  it.each([
    ['a 1920x1080 monitor', 1920, 1080, 1],
    ['a 2560x1440 monitor at 100 %', 2560, 1440, 1],
    ['the CSS size of 2736x1824 at 200 % on a 100 % screen', 1368, 912, 1],
    ['1920x1200 in CSS pixels at 200 % (3840x2400 physical)', 1920, 1200, 2],
    ['a laptop 1440x900 at 200 %', 1440, 900, 2],
    ['a phone 390x844 at 300 %', 390, 844, 3],
    ['a screen 4 px off', 2740, 1824, 1],
  ])('refuses %s', (_name, width, height, ratio) => {
    expect(at(width, height, ratio)).toBe(false);
    expect(at(height, width, ratio)).toBe(false);
  });

  it('takes an unknown pixel ratio as 1', () => {
    expect(at(1920, 1200, 0)).toBe(true);
    expect(at(960, 600, 0)).toBe(false);
  });
});
