import type { ScanEngine } from './engine/engine-types.ts';

// The engine module is built beside this one (engine/index.ts); it is loaded on first use so that the
// worker thread starts only on an instance that processes scans.
const ENGINE_MODULE = './engine/index.ts';
let engine: Promise<ScanEngine> | undefined;

/** The app's scan engine, made once per process on first use. */
export function loadScanEngine(): Promise<ScanEngine> {
  engine ??= (import(ENGINE_MODULE) as Promise<{ createScanEngine: () => ScanEngine }>).then((module) =>
    module.createScanEngine(),
  );
  return engine;
}
