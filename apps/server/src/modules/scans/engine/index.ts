/**
 * The scan engine (README.md beside this file): point clouds become OGC 3D Tiles 1.1 tilesets with
 * measured surfaces, models are checked and made .glb. Each job runs in a worker thread of its own
 * (scan-worker.mjs), so the server's event loop never waits on it.
 */
import { Worker } from 'node:worker_threads';
import type { CheckModelResult, ProcessCloudInput, ProcessCloudResult, ScanEngine } from './engine-types.ts';
import { ScanInputError } from './engine-types.ts';

export * from './engine-types.ts';

/** Heap of a job's worker (points live in typed arrays outside it). */
const WORKER_HEAP_MB = 1024;
/** onProgress is called at most this often (ms), and always with 100 at the end. */
const PROGRESS_EVERY_MS = 250;

type WorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; result: unknown }
  | { type: 'error'; messageKey: string | null; params: Record<string, string | number>; message: string };

function runInWorker<T>(
  job: { kind: 'cloud' | 'model'; input: object },
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./scan-worker.mjs', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    let lastSent = 0;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') {
        const now = Date.now();
        if (onProgress && (now - lastSent >= PROGRESS_EVERY_MS || message.percent === 100)) {
          lastSent = now;
          onProgress(message.percent);
        }
      } else if (message.type === 'done') settle(() => resolve(message.result as T));
      else
        settle(() =>
          reject(
            message.messageKey
              ? new ScanInputError(message.messageKey, message.params)
              : new Error(message.message),
          ),
        );
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`scan worker stopped with code ${code}`))));
  });
}

export function createScanEngine(): ScanEngine {
  return {
    processPointCloud(input: ProcessCloudInput): Promise<ProcessCloudResult> {
      const { onProgress, ...job } = input;
      return runInWorker<ProcessCloudResult>({ kind: 'cloud', input: job }, onProgress);
    },
    checkModel(input: { inputPath: string; workDir: string }): Promise<CheckModelResult> {
      return runInWorker<CheckModelResult>({ kind: 'model', input });
    },
  };
}
