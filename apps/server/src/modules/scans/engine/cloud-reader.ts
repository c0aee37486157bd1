/**
 * Streaming point-cloud readers: PLY (ascii, binary LE/BE), PCD (ascii, binary, binary_compressed),
 * LAS and LAZ, told apart by content. A cloud is handed on in chunks of at most CHUNK_POINTS points,
 * so a 2 GB file is never held whole.
 *
 * loaders.gl parses whole buffers only (its PLY `parseInBatches` handles ascii alone and still yields
 * one batch at the end; PCD and LAS have no batch parsing). So ascii PLY, PCD (ascii, binary) and LAS
 * are fed to loaders.gl one slice at a time: the file's own header with its point count set to the
 * slice's, followed by the slice's records or lines. Binary PLY records are decoded here after the
 * header (fixed-size records; the loaders.gl PLY parser pushes every value through JS arrays, too slow
 * for the 1 M points/s goal). binary_compressed PCD (one LZF block of the whole cloud) and LAZ (chunk
 * table at the end, laz-perf wants the whole file) are parsed whole, up to WHOLE_FILE_MAX bytes.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from '@loaders.gl/core';
import { LASLoader } from '@loaders.gl/las';
import { PCDLoader } from '@loaders.gl/pcd';
import { PLYLoader } from '@loaders.gl/ply';
import { type CloudHead, PLY_TYPES, plyElements, readCloudHead } from './cloud-format.ts';
import { type PointCloudFormat, ScanInputError } from './engine-types.ts';

export const CHUNK_POINTS = 65_536;
/** Formats parsed whole (binary_compressed PCD, LAZ): larger files are refused as unreadable. */
export const WHOLE_FILE_MAX = 512 * 1024 * 1024;

export interface CloudInfo {
  format: PointCloudFormat;
  /** Points the header announces. */
  declaredPoints: number;
  hasColor: boolean;
}

/** A slice of points: `xyz` absolute coordinates (3 per point), `rgb` 0-255 (3 per point) or null. */
export interface CloudChunk {
  count: number;
  xyz: Float64Array;
  rgb: Uint8Array | null;
}

export interface CloudSink {
  /** Called once before the first chunk; may throw (e.g. too many points). */
  start(info: CloudInfo): void;
  chunk(chunk: CloudChunk): void;
  /** Bytes of the file read so far. */
  progress?(bytesRead: number, fileSize: number): void;
}

const unreadable = (detail: string) => new ScanInputError('scans.error.unreadable', { detail });

/** Reads the cloud at `path` into `sink`; returns its format and declared count. */
export async function readCloud(path: string, sink: CloudSink): Promise<CloudInfo> {
  const head = await readCloudHead(path);
  switch (head.format) {
    case 'ply':
      return head.encoding === 'ascii' ? readAsciiPly(path, head, sink) : readBinaryPly(path, head, sink);
    case 'pcd':
      return readPcd(path, head, sink);
    default:
      return readLas(path, head, sink);
  }
}

function vertexLayout(head: CloudHead) {
  const elements = plyElements(head.header.toString('latin1'));
  const at = elements.findIndex((e) => e.name === 'vertex');
  const vertex = elements[at];
  if (!vertex) throw unreadable('PLY without vertex element');
  const names = vertex.properties.map((p) => p.name);
  if (!['x', 'y', 'z'].every((n) => names.includes(n))) throw unreadable('PLY vertices without x, y and z');
  const colour = ['red', 'green', 'blue'].every((n) => names.includes(n))
    ? ['red', 'green', 'blue']
    : ['diffuse_red', 'diffuse_green', 'diffuse_blue'].every((n) => names.includes(n))
      ? ['diffuse_red', 'diffuse_green', 'diffuse_blue']
      : null;
  return { elements, at, vertex, colour };
}

/** 0-255 from a colour value of PLY type `type`. */
function colourScale(type: string): (value: number) => number {
  if (type.startsWith('float') || type === 'double')
    return (v) => Math.max(0, Math.min(255, Math.round(v * 255)));
  const size = PLY_TYPES[type]?.size ?? 1;
  return size === 1 ? (v) => v : (v) => v >>> ((size - 1) * 8);
}

async function readBinaryPly(path: string, head: CloudHead, sink: CloudSink): Promise<CloudInfo> {
  const { elements, at, vertex, colour } = vertexLayout(head);
  const le = head.encoding === 'binary_little_endian';
  let skip = 0;
  const recordSize = (e: (typeof elements)[number]) =>
    e.properties.reduce((sum, p) => {
      const type = PLY_TYPES[p.type];
      if (p.list || !type)
        throw unreadable(`PLY ${e.name} property ${p.name} of type ${p.type} cannot be streamed`);
      return sum + type.size;
    }, 0);
  for (const e of elements.slice(0, at)) skip += e.count * recordSize(e);
  const size = recordSize(vertex);
  const offsets = new Map<string, { offset: number; type: string }>();
  let offset = 0;
  for (const p of vertex.properties) {
    offsets.set(p.name, { offset, type: p.type });
    offset += (PLY_TYPES[p.type] as { size: number }).size;
  }
  const getter = (name: string) => {
    const { offset: o, type } = offsets.get(name) as { offset: number; type: string };
    const get = (PLY_TYPES[type] as (typeof PLY_TYPES)[string]).get;
    return (view: DataView, record: number) => get(view, record + o, le);
  };
  const [gx, gy, gz] = ['x', 'y', 'z'].map(getter) as [
    ReturnType<typeof getter>,
    ReturnType<typeof getter>,
    ReturnType<typeof getter>,
  ];
  const gc = colour?.map((name) => {
    const get = getter(name);
    const scale = colourScale(offsets.get(name)?.type ?? 'uchar');
    return (view: DataView, record: number) => scale(get(view, record));
  });
  const info: CloudInfo = { format: 'ply', declaredPoints: vertex.count, hasColor: !!gc };
  sink.start(info);
  const total = vertex.count * size;
  const start = head.header.length + skip;
  if (total === 0) return info;
  let rest: Buffer = Buffer.alloc(0);
  let done = 0;
  const stream = createReadStream(path, {
    start,
    end: start + total - 1,
    highWaterMark: CHUNK_POINTS * size,
  });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const bytes = rest.length ? Buffer.concat([rest, piece]) : piece;
    const count = Math.floor(bytes.length / size);
    const view = new DataView(bytes.buffer, bytes.byteOffset, count * size);
    const xyz = new Float64Array(count * 3);
    const rgb = gc ? new Uint8Array(count * 3) : null;
    for (let i = 0, r = 0; i < count; i += 1, r += size) {
      xyz[i * 3] = gx(view, r);
      xyz[i * 3 + 1] = gy(view, r);
      xyz[i * 3 + 2] = gz(view, r);
      if (rgb && gc) {
        rgb[i * 3] = (gc[0] as (v: DataView, r: number) => number)(view, r);
        rgb[i * 3 + 1] = (gc[1] as (v: DataView, r: number) => number)(view, r);
        rgb[i * 3 + 2] = (gc[2] as (v: DataView, r: number) => number)(view, r);
      }
    }
    rest = bytes.subarray(count * size);
    done += count;
    sink.chunk({ count, xyz, rgb });
    sink.progress?.(start + done * size, head.fileSize);
  }
  if (done < vertex.count) throw unreadable(`the file ends after ${done} of ${vertex.count} points`);
  return info;
}

/** Lines of the file after `start`, in batches of at most `batch` lines (a last partial line too). */
async function* lineBatches(path: string, start: number, batch: number, onBytes: (bytes: number) => void) {
  let rest = '';
  let bytes = start;
  let lines: string[] = [];
  for await (const piece of createReadStream(path, {
    start,
    highWaterMark: 1 << 20,
  }) as AsyncIterable<Buffer>) {
    bytes += piece.length;
    onBytes(bytes);
    const text = rest + piece.toString('latin1');
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length >= batch) {
        yield lines;
        lines = [];
      }
    }
  }
  if (rest.trim() !== '') lines.push(rest);
  if (lines.length) yield lines;
}

interface LoadedMesh {
  attributes: Record<string, { value: ArrayLike<number>; size: number } | undefined>;
}

/** Positions and colours of a parsed loaders.gl mesh as a chunk. */
function chunkOfMesh(mesh: LoadedMesh, from = 0, to?: number): CloudChunk {
  const position = mesh.attributes.POSITION;
  if (!position || position.size !== 3) throw unreadable('no x, y and z fields');
  const all = Math.floor(position.value.length / 3);
  const end = Math.min(to ?? all, all);
  const count = Math.max(0, end - from);
  const xyz = new Float64Array(count * 3);
  for (let i = 0; i < count * 3; i += 1) xyz[i] = position.value[from * 3 + i] as number;
  const colour = mesh.attributes.COLOR_0;
  let rgb: Uint8Array | null = null;
  if (colour && colour.size >= 3) {
    rgb = new Uint8Array(count * 3);
    const floats = !(colour.value instanceof Uint8Array || colour.value instanceof Uint8ClampedArray);
    for (let i = 0; i < count; i += 1)
      for (let k = 0; k < 3; k += 1) {
        const v = colour.value[(from + i) * colour.size + k] as number;
        rgb[i * 3 + k] = floats ? Math.max(0, Math.min(255, Math.round(v <= 1 ? v * 255 : v))) : v;
      }
  }
  return { count, xyz, rgb };
}

async function parseWith(data: Uint8Array | string, loader: unknown, options: object, what: string) {
  const buffer = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const copy = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
  try {
    const parseAny = parse as (data: ArrayBuffer, loader: unknown, options: object) => Promise<unknown>;
    return (await parseAny(copy, loader, { worker: false, ...options })) as LoadedMesh;
  } catch (error) {
    throw unreadable(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readAsciiPly(path: string, head: CloudHead, sink: CloudSink): Promise<CloudInfo> {
  const { elements, at, vertex, colour } = vertexLayout(head);
  if (vertex.properties.some((p) => p.list)) throw unreadable('PLY vertex with a list property');
  const info: CloudInfo = { format: 'ply', declaredPoints: vertex.count, hasColor: !!colour };
  sink.start(info);
  const properties = vertex.properties.map((p) => `property ${p.type} ${p.name}\n`).join('');
  let skip = elements.slice(0, at).reduce((sum, e) => sum + e.count, 0);
  let done = 0;
  const batches = lineBatches(path, head.header.length, CHUNK_POINTS, (b) =>
    sink.progress?.(b, head.fileSize),
  );
  for await (let lines of batches) {
    if (skip > 0) {
      const dropped = Math.min(skip, lines.length);
      skip -= dropped;
      lines = lines.slice(dropped);
    }
    lines = lines.slice(0, vertex.count - done);
    if (lines.length === 0) {
      if (done >= vertex.count) break;
      continue;
    }
    const text = `ply\nformat ascii 1.0\nelement vertex ${lines.length}\n${properties}end_header\n${lines.join('\n')}\n`;
    const chunk = chunkOfMesh(await parseWith(text, PLYLoader, {}, 'PLY'));
    done += chunk.count;
    sink.chunk(chunk);
  }
  if (done < vertex.count) throw unreadable(`the file ends after ${done} of ${vertex.count} points`);
  return info;
}

function pcdFields(header: string) {
  const field = (name: string) =>
    new RegExp(`^${name} (.*)$`, 'm').exec(header)?.[1]?.trim().split(/\s+/) ?? [];
  const names = field('FIELDS');
  const sizes = field('SIZE').map(Number);
  const counts = field('COUNT').map(Number);
  const width = Number(field('WIDTH')[0] ?? 0);
  const height = Number(field('HEIGHT')[0] ?? 1);
  const points = Number(field('POINTS')[0] ?? width * height);
  if (!['x', 'y', 'z'].every((n) => names.includes(n))) throw unreadable('PCD without x, y and z fields');
  if (!Number.isSafeInteger(points) || points < 0) throw unreadable('PCD point count');
  const recordSize = sizes.reduce((sum, s, i) => sum + s * (counts[i] ?? 1), 0);
  return { points, recordSize, hasColor: names.includes('rgb') || names.includes('rgba') };
}

/** The PCD header with WIDTH, HEIGHT and POINTS set for a slice of `count` points. */
const pcdSliceHeader = (header: string, count: number) =>
  header
    .replace(/^WIDTH .*$/m, `WIDTH ${count}`)
    .replace(/^HEIGHT .*$/m, 'HEIGHT 1')
    .replace(/^POINTS .*$/m, `POINTS ${count}`);

async function readPcd(path: string, head: CloudHead, sink: CloudSink): Promise<CloudInfo> {
  const header = head.header.toString('latin1');
  const { points, recordSize, hasColor } = pcdFields(header);
  const info: CloudInfo = { format: 'pcd', declaredPoints: points, hasColor };
  sink.start(info);
  let done = 0;
  const emit = (chunk: CloudChunk) => {
    done += chunk.count;
    sink.chunk(chunk);
  };
  if (head.encoding === 'ascii') {
    const batches = lineBatches(path, head.header.length, CHUNK_POINTS, (b) =>
      sink.progress?.(b, head.fileSize),
    );
    for await (const all of batches) {
      const lines = all.slice(0, points - done);
      if (lines.length === 0) break;
      const text = pcdSliceHeader(header, lines.length) + lines.join('\n') + '\n';
      emit(chunkOfMesh(await parseWith(text, PCDLoader, {}, 'PCD')));
    }
  } else if (head.encoding === 'binary') {
    if (recordSize <= 0) throw unreadable('PCD field sizes');
    const start = head.header.length;
    let rest: Buffer = Buffer.alloc(0);
    const end = start + points * recordSize - 1;
    const stream = createReadStream(path, { start, end, highWaterMark: CHUNK_POINTS * recordSize });
    for await (const piece of points > 0 ? (stream as AsyncIterable<Buffer>) : []) {
      const bytes = rest.length ? Buffer.concat([rest, piece]) : piece;
      const count = Math.floor(bytes.length / recordSize);
      const slice = Buffer.concat([
        Buffer.from(pcdSliceHeader(header, count), 'latin1'),
        bytes.subarray(0, count * recordSize),
      ]);
      rest = bytes.subarray(count * recordSize);
      emit(chunkOfMesh(await parseWith(slice, PCDLoader, {}, 'PCD')));
      sink.progress?.(start + done * recordSize, head.fileSize);
    }
  } else if (head.encoding === 'binary_compressed') {
    emitWhole(await parseWith(await readWhole(path, head), PCDLoader, {}, 'PCD'), emit);
  } else throw unreadable(`PCD DATA ${head.encoding}`);
  if (done < points) throw unreadable(`the file ends after ${done} of ${points} points`);
  return info;
}

async function readWhole(path: string, head: CloudHead): Promise<Buffer> {
  if (head.fileSize > WHOLE_FILE_MAX)
    throw unreadable(
      `${head.format.toUpperCase()} ${head.encoding} files over ${WHOLE_FILE_MAX >> 20} MB are not read`,
    );
  return readFile(path);
}

function emitWhole(mesh: LoadedMesh, emit: (chunk: CloudChunk) => void) {
  const all = Math.floor((mesh.attributes.POSITION?.value.length ?? 0) / 3);
  for (let from = 0; from < all; from += CHUNK_POINTS) emit(chunkOfMesh(mesh, from, from + CHUNK_POINTS));
}

const LAS_OPTIONS = { las: { fp64: true, skip: 1, colorDepth: 'auto', shape: 'mesh' } };

async function readLas(path: string, head: CloudHead, sink: CloudSink): Promise<CloudInfo> {
  const header = head.header;
  const legacy = header.readUInt32LE(107);
  const extended =
    header.length >= 255 && header.readUInt8(25) >= 4 ? Number(header.readBigUInt64LE(247)) : 0;
  const points = legacy || extended;
  const formatId = header.readUInt8(104) & 0x3f;
  if (formatId > 3) throw unreadable(`LAS point format ${formatId} (only 0-3 are read)`);
  const info: CloudInfo = {
    format: head.format,
    declaredPoints: points,
    hasColor: formatId === 2 || formatId === 3,
  };
  sink.start(info);
  let done = 0;
  const emit = (chunk: CloudChunk) => {
    done += chunk.count;
    sink.chunk(chunk);
  };
  if (head.format === 'laz') {
    emitWhole(await parseWith(await readWhole(path, head), LASLoader, LAS_OPTIONS, 'LAZ'), emit);
  } else {
    const recordSize = header.readUInt16LE(105);
    const start = header.length;
    let rest: Buffer = Buffer.alloc(0);
    const stream = createReadStream(path, {
      start,
      end: start + points * recordSize - 1,
      highWaterMark: CHUNK_POINTS * recordSize,
    });
    for await (const piece of points > 0 ? (stream as AsyncIterable<Buffer>) : []) {
      const bytes = rest.length ? Buffer.concat([rest, piece]) : piece;
      const count = Math.floor(bytes.length / recordSize);
      const sliceHeader = Buffer.from(header);
      sliceHeader.writeUInt32LE(count, 107);
      if (extended) sliceHeader.writeBigUInt64LE(BigInt(count), 247);
      rest = bytes.subarray(count * recordSize);
      const slice = Buffer.concat([sliceHeader, bytes.subarray(0, count * recordSize)]);
      emit(chunkOfMesh(await parseWith(slice, LASLoader, LAS_OPTIONS, 'LAS')));
      sink.progress?.(start + done * recordSize, head.fileSize);
    }
  }
  if (done < points) throw unreadable(`the file ends after ${done} of ${points} points`);
  return info;
}
