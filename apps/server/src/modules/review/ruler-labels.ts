/**
 * Where the value labels of an annotated picture go: each label as near its ruler's middle as it can
 * be without covering another label or leaving the picture, so ten rulers laid at one spot still
 * show ten readable values. Pure geometry (pixels, y down); picture-annotation.ts draws the result.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A ruler in picture pixels with the text of its label. */
export interface PixelRuler {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  text: string;
}

export interface PlacedLabel {
  box: Box;
  /** The ruler's middle, the point the label belongs to. */
  anchor: { x: number; y: number };
  /** Drawn when the label sits away from its ruler: a line from the anchor to the label. */
  leader: boolean;
}

/** Label text size for a picture: about 3.5 % of its smaller side, never under 12 px. */
export function labelFontSize(width: number, height: number): number {
  return Math.max(12, Math.round(Math.min(width, height) * 0.035));
}

/** Line width of the rulers for a picture (as the labels, it grows with the picture). */
export function rulerLineWidth(width: number, height: number): number {
  return Math.max(1, Math.round(Math.min(width, height) / 150)) * 2 + 1;
}

/** CJK and other wide characters take a full em, the rest about 0.62 em. */
const isWide = (c: string) => (c.codePointAt(0) ?? 0) >= 0x2e80;

/** The box a label's text needs at `fontSize` (the text is fitted to exactly its width when drawn). */
export function labelSize(text: string, fontSize: number): { width: number; height: number } {
  const ems = [...text].reduce((sum, c) => sum + (isWide(c) ? 1 : 0.62), 0);
  return { width: Math.ceil((ems + 0.6) * fontSize), height: Math.ceil(fontSize * 1.35) };
}

export const boxesIntersect = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (box: Box, width: number, height: number) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;

/**
 * Candidate top-left corners for a label of `size` around `anchor`, nearest first: above and below
 * the ruler's middle, then in rings of growing distance (one label height per ring) in eight
 * directions, then a scan of the whole picture on a grid of half a label.
 */
function* candidates(
  anchor: { x: number; y: number },
  size: { width: number; height: number },
  gap: number,
  picture: { width: number; height: number },
): Generator<{ x: number; y: number }> {
  const centred = anchor.x - size.width / 2;
  yield { x: centred, y: anchor.y - gap - size.height };
  yield { x: centred, y: anchor.y + gap };
  const rings = Math.ceil(Math.max(picture.width, picture.height) / size.height);
  for (let ring = 1; ring <= rings; ring += 1) {
    const dy = gap + ring * size.height;
    const dx = ring * size.height;
    for (const [x, y] of [
      [centred, anchor.y - dy - size.height],
      [centred, anchor.y + dy],
      [anchor.x + gap + dx, anchor.y - size.height / 2],
      [anchor.x - gap - dx - size.width, anchor.y - size.height / 2],
      [anchor.x + gap + dx, anchor.y - dy - size.height],
      [anchor.x - gap - dx - size.width, anchor.y - dy - size.height],
      [anchor.x + gap + dx, anchor.y + dy],
      [anchor.x - gap - dx - size.width, anchor.y + dy],
    ] as const)
      yield { x, y };
  }
  const stepX = Math.max(1, Math.floor(size.width / 2));
  const stepY = Math.max(1, Math.floor(size.height / 2));
  const grid: Array<{ x: number; y: number; distance: number }> = [];
  for (let y = 0; y + size.height <= picture.height; y += stepY)
    for (let x = 0; x + size.width <= picture.width; x += stepX)
      grid.push({
        x,
        y,
        distance: Math.hypot(x + size.width / 2 - anchor.x, y + size.height / 2 - anchor.y),
      });
  yield* grid.sort((a, b) => a.distance - b.distance);
}

/**
 * Places one label per ruler, in order: the first free place among the candidates, rounded to whole
 * pixels. A label that finds no free place in the picture (more labels than the picture holds) goes
 * to its nearest place inside the picture; `fits` is false then, and the caller may use a smaller font.
 */
export function placeLabels(
  rulers: readonly PixelRuler[],
  picture: { width: number; height: number },
  fontSize: number,
  lineWidth: number,
): { labels: PlacedLabel[]; fits: boolean } {
  const placed: Box[] = [];
  const labels: PlacedLabel[] = [];
  let fits = true;
  const gap = Math.ceil(lineWidth / 2) + 2;
  for (const ruler of rulers) {
    const anchor = { x: (ruler.x1 + ruler.x2) / 2, y: (ruler.y1 + ruler.y2) / 2 };
    const size = labelSize(ruler.text, fontSize);
    let chosen: Box | undefined;
    for (const corner of candidates(anchor, size, gap, picture)) {
      const box = { x: Math.round(corner.x), y: Math.round(corner.y), ...size };
      if (inside(box, picture.width, picture.height) && !placed.some((other) => boxesIntersect(box, other))) {
        chosen = box;
        break;
      }
    }
    if (!chosen) {
      fits = false;
      const x = Math.min(Math.max(0, Math.round(anchor.x - size.width / 2)), picture.width - size.width);
      const y = Math.min(Math.max(0, Math.round(anchor.y + gap)), picture.height - size.height);
      chosen = { x: Math.max(0, x), y: Math.max(0, y), ...size };
    }
    placed.push(chosen);
    const near =
      anchor.x >= chosen.x - size.height &&
      anchor.x <= chosen.x + chosen.width + size.height &&
      anchor.y >= chosen.y - gap - size.height / 2 &&
      anchor.y <= chosen.y + chosen.height + gap + size.height / 2;
    labels.push({ box: chosen, anchor, leader: !near });
  }
  return { labels, fits };
}

/**
 * The labels of a picture at the largest font, from labelFontSize down to 8 px, at which they all
 * find a free place (at 8 px they are placed as they can).
 */
export function layoutLabels(
  rulers: readonly PixelRuler[],
  picture: { width: number; height: number },
): { labels: PlacedLabel[]; fontSize: number; lineWidth: number } {
  const lineWidth = rulerLineWidth(picture.width, picture.height);
  for (let fontSize = labelFontSize(picture.width, picture.height); ; fontSize -= 1) {
    const { labels, fits } = placeLabels(rulers, picture, fontSize, lineWidth);
    if (fits || fontSize <= 8) return { labels, fontSize, lineWidth };
  }
}
