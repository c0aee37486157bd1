/**
 * Spec section 9: large-screen detection uses the physical resolutions 2736x1824 (Surface Pro) and
 * 1920x1200, in either orientation. The browser gives the screen in CSS pixels; times the device
 * pixel ratio that is the physical resolution.
 */
export const LARGE_SCREENS: readonly (readonly [long: number, short: number])[] = [
  [2736, 1824],
  [1920, 1200],
];

/**
 * Windows scaling such as 175 % gives a CSS size with a fraction cut off (2736 / 1.75 = 1563.4 is
 * reported as 1563), so a product a pixel or two short is still the same screen.
 */
const ROUNDING_PX = 2;

export interface ScreenSize {
  width: number;
  height: number;
}

export function isLargeTabletScreen(screen: ScreenSize, devicePixelRatio: number): boolean {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const width = screen.width * ratio;
  const height = screen.height * ratio;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return LARGE_SCREENS.some(
    ([screenLong, screenShort]) =>
      Math.abs(long - screenLong) <= ROUNDING_PX && Math.abs(short - screenShort) <= ROUNDING_PX,
  );
}
