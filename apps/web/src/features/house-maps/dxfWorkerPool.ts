/**
 * The DXF parsing worker (dxf-viewer in dxfWorker.ts). One can be started ahead of the drawing, as
 * soon as the house type is known to be a DXF, so its 1.4 MB script loads while the plan and the
 * viewer code are still on their way. This module is tiny: the page imports it directly.
 */
const createWorker = () => new Worker(new URL('./dxfWorker.ts', import.meta.url), { type: 'module' });

let warmWorker: Worker | null = null;

export function prewarmDxfWorker(): void {
  warmWorker ??= createWorker();
}

/** The warm worker for the next drawing (dxf-viewer terminates it after loading), else a new one. */
export function takeDxfWorker(): Worker {
  const worker = warmWorker ?? createWorker();
  warmWorker = null;
  return worker;
}
