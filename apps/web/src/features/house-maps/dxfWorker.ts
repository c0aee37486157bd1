/// <reference lib="webworker" />
// The DXF parsing worker: dxf-viewer fetches, parses and batches the drawing here, off the main thread.
import { DxfFetcher, DxfViewer } from 'dxf-viewer';
import { addReferencedLayers } from './referencedLayers.ts';

// Layers named only by entities get records before the scene is built (see addReferencedLayers).
const fetchDrawing = DxfFetcher.prototype.Fetch;
DxfFetcher.prototype.Fetch = async function (this: DxfFetcher, ...args) {
  return addReferencedLayers(await fetchDrawing.apply(this, args));
};

DxfViewer.SetupWorker();
