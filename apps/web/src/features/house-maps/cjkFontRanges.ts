import { ParseSpecialChars } from 'dxf-viewer/src/TextRenderer.js';

/**
 * Which slices of Noto Sans SC (Google Fonts' unicode-range slices, as @fontsource/noto-sans-sc
 * ships them) a drawing's text needs. No bundler code here: the server's scene job
 * (apps/server/src/modules/house-maps/plan-scene-worker.mjs) picks the same slices in Node.
 */
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

export interface FontSlice {
  name: string;
  ranges: Range[];
  url: string;
}

/**
 * The slices with their ranges and URLs (`urls` keyed by a path ending in
 * `noto-sans-sc-<slice>-400-normal.woff`), numbered slices (CJK) first.
 */
export function slicesOf(ranges: Record<string, string>, urls: Record<string, string>): FontSlice[] {
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

/**
 * The URLs of the slices holding the characters of `text` that the Latin font (Noto Sans latin,
 * `latin` its ranges, loaded first) lacks, each slice once, in the order of first use.
 */
export function sliceUrlsFor(text: string, slices: readonly FontSlice[], latin: readonly Range[]): string[] {
  const urls = new Set<string>();
  for (const char of new Set(text)) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || within(latin, code)) continue;
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
