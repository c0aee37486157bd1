/**
 * Shares one in-flight promise between identical concurrent calls (spec: GetCompanyUserList).
 * The entry is dropped when the call settles, so later calls fetch fresh data.
 */
export function createDeduper() {
  const inFlight = new Map<string, Promise<unknown>>();
  return function dedupe<T>(key: string, run: () => Promise<T>): Promise<T> {
    const existing = inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = run().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };
}

/** Key of a call: method, path (case-insensitive like the server) and body. */
export function requestKey(method: string, path: string, input: unknown): string {
  return `${method} ${path.toLowerCase()} ${JSON.stringify(input ?? null)}`;
}
