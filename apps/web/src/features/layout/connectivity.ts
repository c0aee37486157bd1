/** Spec section 9: the probe runs every 5 s and gives up after 5 s. */
export const PROBE_INTERVAL_MS = 5000;
export const PROBE_TIMEOUT_MS = 5000;

export type ProbeResult = 'ok' | 'timeout' | 'offline';
export type Announcement = 'timeout' | 'lost' | 'back' | null;

/** Fetches the favicon once; any HTTP answer proves the network and the server are reachable. */
export async function probe(
  url: string,
  timeoutMs = PROBE_TIMEOUT_MS,
  fetcher: typeof fetch = fetch,
): Promise<ProbeResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetcher(url, { cache: 'no-store', signal: controller.signal });
    return 'ok';
  } catch {
    return controller.signal.aborted ? 'timeout' : 'offline';
  } finally {
    clearTimeout(timer);
  }
}

/** What to announce for a probe result, and whether the network now counts as up. */
export function nextConnectivity(
  online: boolean,
  result: ProbeResult,
): { online: boolean; announce: Announcement } {
  if (result === 'timeout') return { online, announce: 'timeout' };
  if (result === 'offline') return { online: false, announce: online ? 'lost' : null };
  return { online: true, announce: online ? null : 'back' };
}
