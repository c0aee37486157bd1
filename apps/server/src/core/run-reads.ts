type Reads = readonly (() => PromiseLike<unknown>)[];
type ReadResults<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads side by side (each takes a pool connection), or one after the other
 * (`inOrder`) when they share a transaction's connection: it runs one query at a time, and
 * node-postgres deprecates queueing several on it.
 */
export async function runReads<T extends Reads>(reads: T, { inOrder = false } = {}): Promise<ReadResults<T>> {
  if (!inOrder) return (await Promise.all(reads.map((read) => read()))) as ReadResults<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as ReadResults<T>;
}
