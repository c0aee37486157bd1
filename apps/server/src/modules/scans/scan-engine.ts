import { createScanEngine, type ScanEngine } from './engine/index.ts';

let engine: ScanEngine | undefined;

/** The app's scan engine, made once per process on first use (each job gets its own worker thread). */
export function loadScanEngine(): Promise<ScanEngine> {
  engine ??= createScanEngine();
  return Promise.resolve(engine);
}
