import latinRanges from '@fontsource/noto-sans/unicode.json';
import sliceRanges from '@fontsource/noto-sans-sc/unicode.json';
import { parseUnicodeRange, sliceUrlsFor, slicesOf, type FontSlice } from './cjkFontRanges.ts';

export { drawingText, parseUnicodeRange, slicesOf } from './cjkFontRanges.ts';

/**
 * Noto Sans SC as Google Fonts slices it (@fontsource/noto-sans-sc: about 100 files of 20-60 kB,
 * each covering a unicode range) instead of the 10.5 MB font, which took about a second to fetch
 * and parse before the first frame of any drawing with Chinese text. A drawing loads only the
 * slices holding its characters. Paths relative to this file: import.meta.glob takes no package
 * names (the workspace hoists the package to the repository's node_modules).
 */
const sliceUrls = import.meta.glob<string>(
  '../../../../../node_modules/@fontsource/noto-sans-sc/files/noto-sans-sc-*-400-normal.woff',
  { query: '?url', import: 'default', eager: true },
);

const SLICES = slicesOf(sliceRanges, sliceUrls);
const LATIN = parseUnicodeRange(latinRanges.latin);

/**
 * The URLs of the slices holding the characters of `text` that the Latin font (Noto Sans latin,
 * loaded first) lacks, each slice once, in the order of first use.
 */
export function cjkFontSliceUrls(text: string, slices: readonly FontSlice[] = SLICES): string[] {
  return sliceUrlsFor(text, slices, LATIN);
}
