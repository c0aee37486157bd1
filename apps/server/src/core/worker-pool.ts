import { Piscina } from 'piscina';

/**
 * CPU-heavy work (rendering heatmaps, parsing drawings, laying out reports) runs in piscina worker
 * pools so it never blocks the event loop. Each pool has its own small bound on threads (a large
 * job may hold a gigabyte), queues the rest, and lets idle threads go after a while.
 */
export interface PoolOptions {
  /** Jobs of this kind running at once; the others wait in the pool's queue. */
  maxThreads: number;
  /** Heap limit of each worker thread. */
  maxOldGenerationSizeMb: number;
  /** A job running longer is stopped (its thread ended) and fails with WorkerTimeout. */
  timeoutMs: number;
}

/** Thrown (as the rejection of `run`) when a job ran past its pool's time limit. */
export class WorkerTimeout extends Error {}

export interface WorkerPool<In, Out> {
  /** Runs one job; `transfer` lists buffers of `input` handed over instead of copied. */
  run(input: In, transfer?: ArrayBuffer[]): Promise<Out>;
}

/**
 * A pool of worker threads running the default export of `script` (a plain .mjs module, so both
 * tsx and vitest load it as it is; a worker that needs TypeScript registers tsx itself). Threads
 * start on first use.
 */
export function workerPool<In, Out>(script: URL, options: PoolOptions): WorkerPool<In, Out> {
  let pool: Piscina | undefined;
  return {
    async run(input, transfer = []) {
      pool ??= new Piscina({
        filename: script.href,
        minThreads: 0,
        maxThreads: options.maxThreads,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
      });
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return (await pool.run(input, { transferList: transfer, signal })) as Out;
      } catch (error) {
        if (signal.aborted) throw new WorkerTimeout(`worker timed out after ${options.timeoutMs} ms`);
        throw error;
      }
    },
  };
}

/** A copy of `data` as its own ArrayBuffer, ready to be transferred to a worker. */
export function transferableCopy(data: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const bytes = new Uint8Array(data);
  return { bytes, transfer: [bytes.buffer] };
}
