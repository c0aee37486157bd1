import { fileNameOf } from '../../shared/api/download.ts';

/** How far a download has come: bytes received and the total when the server announced it. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** The download failed: HTTP status (404 for an expired address), or 0 for a network failure. */
export class DownloadFailed extends Error {
  constructor(readonly status: number) {
    super(`download failed (${status})`);
  }
}

/**
 * Fetches a file address (a report download address: no session needed) as a stream, reporting the
 * bytes received as they arrive, then hands the file to the browser under its Content-Disposition
 * name. `signal` cancels it (an AbortError is thrown).
 */
export async function streamDownload(
  url: string,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadFailed(0);
  }
  const type = response.headers.get('content-type') ?? '';
  // An expired or unknown address answers the JSON envelope (HTTP 404), never a file.
  if (!response.ok || type.includes('application/json')) throw new DownloadFailed(response.status || 404);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    received = whole.byteLength;
    onProgress({ received, total });
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const blobUrl = URL.createObjectURL(new Blob(chunks, { type }));
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start saving before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
  return name;
}

/** Percent done (0-100) when the total is known, else null. */
export const percentOf = ({ received, total }: DownloadProgress): number | null =>
  total ? Math.min(100, Math.floor((received * 100) / total)) : null;
