import { open } from 'node:fs/promises';
import { type PointCloudFormat, ScanInputError } from './engine-types.ts';

/** What a cloud's first bytes say: its format and, for PLY and PCD, the header text and its length. */
export interface CloudHead {
  format: PointCloudFormat;
  /** PLY: 'ascii' | 'binary_little_endian' | 'binary_big_endian'; PCD: 'ascii' | 'binary' | 'binary_compressed'. */
  encoding: string;
  /** The header's bytes (PLY up to and with `end_header\n`, PCD up to and with the DATA line, LAS up to the points). */
  header: Buffer;
  fileSize: number;
}

const HEAD_BYTES = 1 << 16;

/** Reads the first bytes of `path` and tells its kind by content (never by the file's name). */
export async function readCloudHead(path: string): Promise<CloudHead> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    const text = head.toString('latin1');
    if (text.startsWith('ply\n') || text.startsWith('ply\r\n')) return plyHead(head, text, size);
    if (/^(#|VERSION|FIELDS)/.test(text) && /^DATA \w+\r?$/m.test(text)) return pcdHead(head, text, size);
    if (text.startsWith('LASF') && head.length >= 227) return lasHead(file, head, size);
    throw new ScanInputError('scans.error.notPointCloud');
  } finally {
    await file.close();
  }
}

function plyHead(head: Buffer, text: string, fileSize: number): CloudHead {
  const end = /end_header\r?\n/.exec(text);
  if (!end) throw new ScanInputError('scans.error.unreadable', { detail: 'PLY header without end_header' });
  const encoding = /^format (\S+) /m.exec(text)?.[1] ?? '';
  if (!['ascii', 'binary_little_endian', 'binary_big_endian'].includes(encoding))
    throw new ScanInputError('scans.error.unreadable', { detail: `PLY format ${encoding || 'missing'}` });
  return { format: 'ply', encoding, header: head.subarray(0, end.index + end[0].length), fileSize };
}

function pcdHead(head: Buffer, text: string, fileSize: number): CloudHead {
  const data = /^DATA (\w+)\r?\n/m.exec(text);
  if (!data) throw new ScanInputError('scans.error.unreadable', { detail: 'PCD header without DATA line' });
  return {
    format: 'pcd',
    encoding: data[1] as string,
    header: head.subarray(0, data.index + data[0].length),
    fileSize,
  };
}

async function lasHead(
  file: Awaited<ReturnType<typeof open>>,
  head: Buffer,
  fileSize: number,
): Promise<CloudHead> {
  const pointsOffset = head.readUInt32LE(96);
  const formatId = head.readUInt8(104);
  // Bit 7 (or 6, in old LASzip files) of the point data format marks LAZ compression.
  const compressed = (formatId & 0xc0) !== 0;
  if (pointsOffset < 227 || pointsOffset > fileSize)
    throw new ScanInputError('scans.error.unreadable', {
      detail: 'LAS header points past the end of the file',
    });
  const header = Buffer.alloc(pointsOffset);
  await file.read(header, 0, pointsOffset, 0);
  return { format: compressed ? 'laz' : 'las', encoding: compressed ? 'laz' : 'las', header, fileSize };
}

/** PLY type names and their byte sizes. */
export const PLY_TYPES: Record<
  string,
  { size: number; get: (view: DataView, at: number, le: boolean) => number }
> = {
  char: { size: 1, get: (v, a) => v.getInt8(a) },
  int8: { size: 1, get: (v, a) => v.getInt8(a) },
  uchar: { size: 1, get: (v, a) => v.getUint8(a) },
  uint8: { size: 1, get: (v, a) => v.getUint8(a) },
  short: { size: 2, get: (v, a, le) => v.getInt16(a, le) },
  int16: { size: 2, get: (v, a, le) => v.getInt16(a, le) },
  ushort: { size: 2, get: (v, a, le) => v.getUint16(a, le) },
  uint16: { size: 2, get: (v, a, le) => v.getUint16(a, le) },
  int: { size: 4, get: (v, a, le) => v.getInt32(a, le) },
  int32: { size: 4, get: (v, a, le) => v.getInt32(a, le) },
  uint: { size: 4, get: (v, a, le) => v.getUint32(a, le) },
  uint32: { size: 4, get: (v, a, le) => v.getUint32(a, le) },
  float: { size: 4, get: (v, a, le) => v.getFloat32(a, le) },
  float32: { size: 4, get: (v, a, le) => v.getFloat32(a, le) },
  double: { size: 8, get: (v, a, le) => v.getFloat64(a, le) },
  float64: { size: 8, get: (v, a, le) => v.getFloat64(a, le) },
};

export interface PlyElement {
  name: string;
  count: number;
  properties: Array<{ name: string; type: string; list: boolean }>;
}

/** The elements of a PLY header, in order. */
export function plyElements(header: string): PlyElement[] {
  const elements: PlyElement[] = [];
  for (const line of header.split(/\r?\n/)) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'element')
      elements.push({ name: words[1] ?? '', count: Number(words[2]), properties: [] });
    else if (words[0] === 'property' && elements.length > 0) {
      const list = words[1] === 'list';
      const type = list ? (words[3] ?? '') : (words[1] ?? '');
      const element = elements[elements.length - 1] as PlyElement;
      element.properties.push({ name: (list ? words[4] : words[2]) ?? '', type, list });
    }
  }
  for (const e of elements)
    if (!Number.isSafeInteger(e.count) || e.count < 0)
      throw new ScanInputError('scans.error.unreadable', { detail: `PLY element ${e.name} count` });
  return elements;
}
