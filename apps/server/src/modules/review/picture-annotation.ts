import type { SiteRuler } from '../../db/json-types.ts';
import {
  drawSvgOnPicture,
  PICTURE_FONTS,
  pictureKind,
  svgColour,
  svgDocument,
  svgEscape,
} from '../../core/images.ts';
import { layoutLabels, type PixelRuler } from './ruler-labels.ts';

/** One ruler to draw: its ends in mm on the surface, the value written beside it and its colour. */
export interface AnnotatedRuler extends SiteRuler {
  label: string;
  colour: [number, number, number];
}

export type Annotation = { ok: true; png: Buffer } | { ok: false; reason: string };

/**
 * The area of the surface a picture shows: from (0, 0) to the rulers' furthest ends plus 5 %, so
 * every ruler is inside the picture (the devices send ruler ends in mm on the surface, not pixels).
 */
export function pictureExtent(rulers: readonly SiteRuler[]): { X: number; Y: number } {
  let x = 1;
  let y = 1;
  for (const ruler of rulers) {
    x = Math.max(x, ruler.X1, ruler.X2);
    y = Math.max(y, ruler.Y1, ruler.Y2);
  }
  return { X: x * 1.05, Y: y * 1.05 };
}

/** The rulers in picture pixels (y down; the surface's Y runs up). */
export function rulersInPixels(
  rulers: readonly AnnotatedRuler[],
  picture: { width: number; height: number },
): PixelRuler[] {
  const extent = pictureExtent(rulers);
  return rulers.map((ruler) => ({
    x1: (ruler.X1 / extent.X) * (picture.width - 1),
    x2: (ruler.X2 / extent.X) * (picture.width - 1),
    y1: (1 - ruler.Y1 / extent.Y) * (picture.height - 1),
    y2: (1 - ruler.Y2 / extent.Y) * (picture.height - 1),
    text: ruler.label,
  }));
}

/**
 * The SVG drawn over a picture: each ruler as a line in its colour, its value on a white label placed
 * by ruler-labels.ts (never over another label; a thin leader line back to the ruler when it had to
 * move away), text in a real font sized to the picture.
 */
export function annotationSvg(
  rulers: readonly AnnotatedRuler[],
  picture: { width: number; height: number },
): string {
  const inPixels = rulersInPixels(rulers, picture);
  const { labels, fontSize, lineWidth } = layoutLabels(inPixels, picture);
  const colourOf = (n: number) => svgColour((rulers[n] as AnnotatedRuler).colour);
  const lines = inPixels.map(
    (ruler, n) =>
      `<line x1="${ruler.x1 + 0.5}" y1="${ruler.y1 + 0.5}" x2="${ruler.x2 + 0.5}" y2="${ruler.y2 + 0.5}" stroke="${colourOf(n)}" stroke-width="${lineWidth}" stroke-linecap="square"/>`,
  );
  // Leaders first, then the labels over them, so no line crosses a label's text.
  const leaders = labels.map(({ box, anchor, leader }, n) => {
    if (!leader) return '';
    const toX = Math.min(Math.max(anchor.x, box.x), box.x + box.width);
    const toY = Math.min(Math.max(anchor.y, box.y), box.y + box.height);
    return `<line x1="${anchor.x + 0.5}" y1="${anchor.y + 0.5}" x2="${toX}" y2="${toY}" stroke="${colourOf(n)}" stroke-width="${Math.max(1, lineWidth / 3)}"/>`;
  });
  const marks = labels.map(({ box }, n) => {
    const text = svgEscape((inPixels[n] as PixelRuler).text);
    const pad = fontSize * 0.3;
    return [
      `<rect x="${box.x + 0.5}" y="${box.y + 0.5}" width="${box.width - 1}" height="${box.height - 1}" fill="#fff" stroke="${colourOf(n)}" stroke-width="1"/>`,
      `<text x="${box.x + pad}" y="${box.y + box.height / 2}" dominant-baseline="central" font-family="${PICTURE_FONTS}" font-size="${fontSize}" fill="${colourOf(n)}" textLength="${box.width - 2 * pad}" lengthAdjust="spacingAndGlyphs">${text}</text>`,
    ].join('');
  });
  return svgDocument(picture.width, picture.height, [...lines, ...leaders, ...marks].join(''));
}

/**
 * Draws the rulers with their values into a PNG or JPEG picture with sharp (its work runs off the
 * event loop, on libuv's threads); answers a truecolour PNG of the picture's size.
 */
export async function annotatePicture(data: Buffer, rulers: readonly AnnotatedRuler[]): Promise<Annotation> {
  if (!pictureKind(data)) return { ok: false, reason: 'neither PNG nor JPEG' };
  try {
    return { ok: true, png: await drawSvgOnPicture(data, (size) => annotationSvg(rulers, size)) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0] ?? 'undecodable' };
  }
}
