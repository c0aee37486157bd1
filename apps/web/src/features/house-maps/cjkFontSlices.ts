import latinRanges from '@fontsource/noto-sans/unicode.json';
import sliceRanges from '@fontsource/noto-sans-sc/unicode.json';
import { ParseSpecialChars } from 'dxf-viewer/src/TextRenderer.js';

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

type Range = readonly [number, number];

/** `U+4e00-4e2f,U+3000` as code point ranges. */
export function parseUnicodeRange(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from, 16);
    return [start, to === undefined ? start : Number.parseInt(to, 16)] as const;
  });
}

const within = (ranges: readonly Range[], code: number) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/** The slices with their ranges and URLs, numbered slices (CJK) first. */
export function slicesOf(ranges: Record<string, string>, urls: Record<string, string>) {
  const urlOf = new Map(
    Object.entries(urls).map(([path, url]) => [/noto-sans-sc-(.+)-400-normal\.woff$/.exec(path)?.[1], url]),
  );
  return Object.entries(ranges)
    .map(([key, range]) => ({ name: key.replace(/^\[|\]$/g, ''), ranges: parseUnicodeRange(range) }))
    .flatMap(({ name, ranges: parsed }) => {
      const url = urlOf.get(name);
      return url ? [{ name, ranges: parsed, url }] : [];
    });
}

const SLICES = slicesOf(sliceRanges, sliceUrls);
const LATIN = parseUnicodeRange(latinRanges.latin);

/**
 * The URLs of the slices holding the characters of `text` that the Latin font (Noto Sans latin,
 * loaded first) lacks, each slice once, in the order of first use.
 */
export function cjkFontSliceUrls(text: string, slices = SLICES): string[] {
  const urls = new Set<string>();
  for (const char of new Set(text)) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || within(LATIN, code)) continue;
    const slice = slices.find((candidate) => within(candidate.ranges, code));
    if (slice) urls.add(slice.url);
  }
  return [...urls];
}

interface TextEntity {
  text?: unknown;
}
interface ParsedDrawing {
  entities?: TextEntity[];
  blocks?: Record<string, { entities?: TextEntity[] }>;
}

/**
 * Every character the drawing's texts (TEXT, MTEXT, ATTRIB, ATTDEF, a DIMENSION's own text, in the
 * drawing and its blocks) can show: the raw text (MTEXT formatting codes are ASCII, so they add no
 * slice) and the text with its %%c / \U+ escapes resolved as dxf-viewer resolves them.
 */
export function drawingText(drawing: ParsedDrawing): string {
  const lists = [
    drawing.entities ?? [],
    ...Object.values(drawing.blocks ?? {}).map((block) => block.entities ?? []),
  ];
  const parts: string[] = [];
  for (const entities of lists) {
    for (const entity of entities) {
      if (typeof entity.text === 'string' && entity.text)
        parts.push(entity.text, ParseSpecialChars(entity.text));
    }
  }
  return parts.join('');
}
