/**
 * The text of a PDF written by pdfkit with one embedded font (the reports): every stream is
 * inflated, the font's ToUnicode CMap read, and the hex glyph strings of the text operators mapped
 * back to characters, one line per text object. Enough for pdfkit's output, not a general reader.
 */
import { inflateSync } from 'node:zlib';

/** Every stream of the PDF, inflated when compressed (page contents, fonts, CMaps). */
export function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  let at = 0;
  for (;;) {
    const start = text.indexOf('stream\n', at);
    if (start < 0) break;
    const end = text.indexOf('\nendstream', start);
    const raw = pdf.subarray(start + 7, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
    at = end + 10;
  }
  return out;
}

function cmapOf(all: string[]): Map<number, string> {
  const map = new Map<number, string>();
  // pdfkit writes a glyph of several characters (a ligature such as "ff") as <0066 0066>.
  const decode = (hex: string) =>
    String.fromCodePoint(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const stream of all.filter((s) => s.includes('begincmap'))) {
    for (const [, body] of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo, hi, list] of (body as string).matchAll(/<(\w+)> <(\w+)> \[([^\]]*)\]/g)) {
        const targets = [...(list as string).matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) =>
          decode(m[1] as string),
        );
        for (
          let code = parseInt(lo as string, 16), i = 0;
          code <= parseInt(hi as string, 16);
          code += 1, i += 1
        ) {
          map.set(code, targets[i] ?? '');
        }
      }
    }
    for (const [, body] of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, target] of (body as string).matchAll(/<(\w+)> <(\w+)>/g)) {
        map.set(parseInt(code as string, 16), decode(target as string));
      }
    }
  }
  return map;
}

export function pdfText(pdf: Buffer): string {
  const all = pdfStreams(pdf);
  const cmap = cmapOf(all);
  const lines: string[] = [];
  for (const stream of all) {
    for (const [, block] of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const [, hex] of (block as string).matchAll(/<([0-9a-fA-F]+)>/g)) {
        for (const unit of (hex as string).match(/.{4}/g) ?? []) line += cmap.get(parseInt(unit, 16)) ?? '';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
