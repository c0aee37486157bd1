import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { DeviceApiError } from './device-client.ts';

/** What one download attempt did: where it started (0 = from scratch) and how it ended. */
export interface DownloadAttempt {
  from: number;
  status: number;
}

export interface DownloadRequest {
  url: string;
  key: string;
  /** The partial file: bytes already there are kept and the rest is asked for with a Range. */
  file: string;
  size: number;
  /** The package's ETag (its SHA-256): If-Range makes the server send it whole if it changed. */
  etag: string;
  fetch: typeof fetch;
}

const sizeOf = async (file: string) => (await fs.stat(file).catch(() => undefined))?.size ?? 0;

/** The first byte a `Content-Range: bytes a-b/n` answer starts at. */
const rangeStart = (header: string | null) => Number(/^bytes (\d+)-/.exec(header ?? '')?.[1] ?? NaN);

/**
 * Downloads a package into `file`, continuing a partial file with `Range: bytes=<have>-`.
 * A 206 is appended, a 200 (range ignored or the file changed) replaces the partial file, a 416
 * means there is nothing left to fetch. Streamed to disk, never held in memory. A broken connection
 * throws with the bytes received so far kept in the file, so the next attempt resumes from there.
 */
export async function downloadWithResume(request: DownloadRequest): Promise<DownloadAttempt> {
  let have = await sizeOf(request.file);
  if (have > request.size) {
    await fs.rm(request.file, { force: true });
    have = 0;
  }
  if (have === request.size && have > 0) return { from: have, status: 416 };
  const response = await request.fetch(request.url, {
    headers: {
      authorization: `Device ${request.key}`,
      ...(have > 0 ? { range: `bytes=${have}-`, 'if-range': request.etag } : {}),
    },
  });
  if (response.status === 416) {
    // The server has no bytes past ours: the partial file is not this package; start again.
    await fs.rm(request.file, { force: true });
    throw new Error(`HTTP 416 at ${have} of ${request.size} bytes`);
  }
  if (response.status === 401 || response.status === 404) {
    throw new DeviceApiError(`package download: HTTP ${response.status} ${await response.text()}`);
  }
  if ((response.status !== 200 && response.status !== 206) || !response.body) {
    throw new Error(`package download: HTTP ${response.status}`);
  }
  const append = response.status === 206;
  if (append && rangeStart(response.headers.get('content-range')) !== have) {
    await fs.rm(request.file, { force: true });
    throw new Error(`package download: Content-Range ${response.headers.get('content-range')} for ${have}`);
  }
  // Each chunk is written before the next is read, so a broken connection leaves exactly the bytes received.
  const handle = await fs.open(request.file, append ? 'a' : 'w');
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) await handle.write(chunk);
  } finally {
    await handle.close();
  }
  return { from: append ? have : 0, status: response.status };
}

/** The SHA-256 (hex) and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}
