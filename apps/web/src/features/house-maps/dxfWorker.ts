/// <reference lib="webworker" />
// The DXF parsing worker: dxf-viewer fetches, parses and batches the drawing here, off the main thread.
import { DxfViewer } from 'dxf-viewer';

DxfViewer.SetupWorker();
