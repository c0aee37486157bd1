import { inflateRawSync } from 'node:zlib';

/**
 * Measures what a zip archive (an .xlsx workbook) inflates to before a library unpacks it in
 * memory: a 5 MB upload of highly compressed zeros can expand to gigabytes (a "zip bomb"). The
 * central directory's declared sizes can lie, so every entry is really inflated, with zlib's
 * `maxOutputLength` bounding the work to the remaining budget.
 */
export type ZipCheck = 'ok' | 'notZip' | 'tooLarge';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const END_RECORD_SEARCH = 22 + 0xffff;
const MAX_ENTRIES = 10_000;

function findEndRecord(data: Buffer): number {
  const stop = Math.max(0, data.length - END_RECORD_SEARCH);
  for (let offset = data.length - 22; offset >= stop; offset--) {
    if (data.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}

export function checkZipExpansion(data: Buffer, maxInflatedBytes: number): ZipCheck {
  if (data.length < 22) return 'notZip';
  const end = findEndRecord(data);
  if (end < 0) return 'notZip';
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return 'tooLarge';

  let budget = maxInflatedBytes;
  let cursor = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (cursor + 46 > data.length || data.readUInt32LE(cursor) !== CENTRAL_FILE_HEADER) return 'notZip';
    const method = data.readUInt16LE(cursor + 10);
    const compressedSize = data.readUInt32LE(cursor + 20);
    const declaredSize = data.readUInt32LE(cursor + 24);
    const nameLength = data.readUInt16LE(cursor + 28);
    const extraLength = data.readUInt16LE(cursor + 30);
    const commentLength = data.readUInt16LE(cursor + 32);
    const localOffset = data.readUInt32LE(cursor + 42);
    cursor += 46 + nameLength + extraLength + commentLength;

    // 0xFFFFFFFF marks ZIP64 sizes: far beyond anything an import needs.
    if (declaredSize > budget) return 'tooLarge';
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) {
      return 'notZip';
    }
    const start =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (start + compressedSize > data.length) return 'notZip';
    const compressed = data.subarray(start, start + compressedSize);

    if (method === STORED) {
      budget -= compressedSize;
    } else if (method === DEFLATED) {
      try {
        budget -= inflateRawSync(compressed, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if (error instanceof RangeError) return 'tooLarge';
        return 'notZip';
      }
    } else {
      return 'notZip';
    }
    if (budget < 0) return 'tooLarge';
  }
  return 'ok';
}
