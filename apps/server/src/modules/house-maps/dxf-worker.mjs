// Parses a DXF drawing off the main thread (a 50 MB file takes seconds; see plan-file.ts), as a
// piscina task. Input: the file bytes. Output: { ok: true, entities, layers } or { ok: false }.
import DxfParser from 'dxf-parser';

export default function parseDxf(bytes) {
  try {
    const parsed = new DxfParser().parseSync(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
    );
    return parsed && Array.isArray(parsed.entities)
      ? {
          ok: true,
          entities: parsed.entities.length,
          layers: Object.keys(parsed.tables?.layer?.layers ?? {}).length,
        }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}
