/** Files up to this size are hashed in the browser (read whole: WebCrypto's digest takes one buffer). */
export const BROWSER_HASH_MAX_BYTES = 512 * 1024 * 1024;

/**
 * The SHA-256 of a file as lower-case hex, computed with `crypto.subtle.digest`, or null when the
 * browser cannot: no WebCrypto (a page served over plain HTTP to another host is not a secure
 * context) or a file above `BROWSER_HASH_MAX_BYTES` (the user pastes the checksum instead; the
 * server computes its own and refuses a mismatch either way).
 */
export async function sha256OfFile(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || file.size > BROWSER_HASH_MAX_BYTES) return null;
  try {
    const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** A byte count for people: 1.5 MB, 820 KB, 12 B. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}
