import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

const FONT = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);

async function render(lines: string[]): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => pdf.on('end', resolve));
  pdf.registerFont('cjk', FONT);
  pdf.font('cjk');
  for (const line of lines) pdf.text(line);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}

it('reads back text with ligature glyphs (ff, fi) and the characters after them', async () => {
  // A ligature glyph maps to two characters (<0066 0066> in the CMap); a reader that skipped it
  // shifted every later glyph's character (a report id came back as "a32a715-…").
  const lines = ['报告编号 aff2a315-ddc7-404a-93e0-fb13b844babf', 'office fifty 3478', '合格率 71.88'];
  const text = pdfText(await render(lines));
  for (const line of lines) expect(text).toContain(line);
});
