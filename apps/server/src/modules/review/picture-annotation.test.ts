import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRgb } from '../../core/images.ts';
import { type AnnotatedRuler, annotatePicture, pictureExtent, rulersInPixels } from './picture-annotation.ts';
import { boxesIntersect, labelFontSize, layoutLabels } from './ruler-labels.ts';

/** A plain grey (200) picture of `width` x `height` as a PNG of the given kind, made by sharp. */
async function png(width: number, height: number, kind: string): Promise<Buffer> {
  const channels =
    kind === 'grey' || kind === 'palette'
      ? 1
      : kind === 'grey with alpha'
        ? 2
        : kind.includes('alpha')
          ? 4
          : 3;
  const picture = sharp(Buffer.alloc(width * height * channels, 200), { raw: { width, height, channels } });
  if (kind === 'palette') return picture.png({ palette: true }).toBuffer();
  if (kind === '16-bit truecolour') return picture.toColourspace('rgb16').png().toBuffer();
  return picture.png().toBuffer();
}

/** The RGB pixels of the annotation's answer, which must be a truecolour 8-bit PNG. */
async function pixels(data: Buffer) {
  expect(await sharp(data).metadata()).toMatchObject({ format: 'png', channels: 3, depth: 'uchar' });
  const { width, height, rgb } = await decodeRgb(data);
  const at = (x: number, y: number) => [...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
  return { width, height, at };
}

const RED: [number, number, number] = [220, 38, 38];
// One horizontal ruler across the middle: the extent is its far end plus 5 %.
const rulers: AnnotatedRuler[] = [{ X1: 0, Y1: 500, X2: 2000, Y2: 500, label: '-1.5', colour: RED }];

describe('annotated pictures', () => {
  it('maps ruler ends in mm onto the picture: the surface from (0, 0) to the far ends plus 5 %', () => {
    expect(pictureExtent(rulers)).toEqual({ X: 2100, Y: 525 });
    expect(pictureExtent([])).toEqual({ X: 1.05, Y: 1.05 });
  });

  it.each(['grey', 'truecolour', 'palette', 'grey with alpha', 'truecolour with alpha', '16-bit truecolour'])(
    'draws the rulers into a %s PNG',
    async (kind) => {
      const answer = await annotatePicture(await png(200, 100, kind), rulers);
      expect(answer.ok).toBe(true);
      if (!answer.ok) return;
      const image = await pixels(answer.png);
      expect([image.width, image.height]).toEqual([200, 100]);
      // Y up: 500 of 525 mm is near the top (row 4-5 of 100); the line is in the ruler's colour.
      expect(image.at(100, 5)).toEqual(RED);
      // Away from the ruler and its label the picture is unchanged.
      expect(image.at(100, 60)).toEqual([200, 200, 200]);
    },
  );

  it('draws into a JPEG and answers a PNG', async () => {
    const jpeg = await sharp(Buffer.alloc(120 * 80 * 3, 255), {
      raw: { width: 120, height: 80, channels: 3 },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const answer = await annotatePicture(jpeg, rulers);
    expect(answer.ok).toBe(true);
    if (answer.ok) expect((await pixels(answer.png)).at(60, 4)).toEqual(RED);
  });

  it('refuses what it cannot decode, without throwing', async () => {
    expect(await annotatePicture(Buffer.from('not a picture'), rulers)).toEqual({
      ok: false,
      reason: 'neither PNG nor JPEG',
    });
    expect(
      (await annotatePicture(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]), rulers)).ok,
    ).toBe(false);
  });

  it('sizes the labels to the picture: a camera picture gets larger text than a thumbnail', () => {
    expect(labelFontSize(200, 100)).toBe(12);
    expect(labelFontSize(4000, 3000)).toBe(105);
  });

  it.each([
    [320, 200],
    [4000, 3000],
  ])('keeps ten labels at one spot apart on a %i x %i picture, each inside it', async (width, height) => {
    // Ten rulers laid over each other, with values in digits and in Chinese.
    const ten: AnnotatedRuler[] = Array.from({ length: 10 }, (_, n) => ({
      X1: 500,
      Y1: 600,
      X2: 1500,
      Y2: 600,
      label: n % 3 === 0 ? `${n}.5 超差` : `-${n}.25`,
      colour: n % 2 ? RED : [22, 163, 74],
    }));
    const picture = { width, height };
    const { labels, fontSize } = layoutLabels(rulersInPixels(ten, picture), picture);
    expect(labels).toHaveLength(10);
    expect(fontSize).toBe(labelFontSize(width, height));
    for (const [n, { box }] of labels.entries()) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      for (const other of labels.slice(n + 1)) expect(boxesIntersect(box, other.box)).toBe(false);
    }
    // The first sits right beside the ruler; the others had to move away and point back to it.
    expect(labels.map((label) => label.leader)).toEqual([false, ...Array(9).fill(true)]);
    const base = await sharp(Buffer.alloc(width * height * 3, 128), { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    const answer = await annotatePicture(base, ten);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(await sharp(answer.png).metadata()).toMatchObject({ format: 'png', width, height });
    // Each label is a white box with text in its ruler's colour.
    const image = await pixels(answer.png);
    for (const { box } of labels) expect(image.at(box.x + 2, box.y + 2)).toEqual([255, 255, 255]);
  });

  it('shrinks the text until all labels fit on a small picture', () => {
    const many: AnnotatedRuler[] = Array.from({ length: 13 }, () => ({
      ...(rulers[0] as AnnotatedRuler),
      label: '-12.5',
    }));
    const picture = { width: 160, height: 80 };
    const { labels, fontSize } = layoutLabels(rulersInPixels(many, picture), picture);
    expect(fontSize).toBeLessThan(12);
    for (const [n, { box }] of labels.entries())
      for (const other of labels.slice(n + 1)) expect(boxesIntersect(box, other.box)).toBe(false);
  });
});
