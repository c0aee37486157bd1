import sharp from 'sharp';

/**
 * A wall picture as a robot's camera would send it, small and plain: a grey wall with a darker ruler
 * band per value, so each site has its own picture. A truecolour PNG, encoded by sharp.
 */
export async function wallPicture(rulers: number, seed: number, width = 320, height = 200): Promise<Buffer> {
  const shade = 180 + (seed % 50);
  const rgb = Buffer.alloc(width * height * 3, shade);
  for (let r = 0; r < rulers; r += 1) {
    const band = Math.round(((r + 1) * height) / (rulers + 1));
    for (let y = Math.max(0, band - 2); y <= Math.min(height - 1, band + 2); y += 1)
      rgb.fill(60, (y * width + 20) * 3, (y * width + width - 20) * 3);
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
