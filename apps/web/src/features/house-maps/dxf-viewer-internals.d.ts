// Modules of dxf-viewer that its index does not re-export (the package has no "exports" map).
declare module 'dxf-viewer/src/TextRenderer.js' {
  /** Resolves %%c, %%d, %%p and \U+XXXX as the viewer does when drawing text. */
  export function ParseSpecialChars(text: string): string;
}

declare module 'dxf-viewer/src/DxfWorker.js' {
  type FontFetcher = () => Promise<unknown>;
  type ProgressCallback = ((phase: string, size: number, totalSize: number | null) => void) | null;
  export class DxfWorker {
    constructor(worker: Worker | null);
    /** Fetches, parses and batches the drawing (in the worker): what DxfViewer.Load builds its scene from. */
    Load(
      url: string,
      fonts: string[] | null,
      options: object,
      progressCbk: ProgressCallback,
    ): Promise<unknown>;
    Destroy(noWait?: boolean): Promise<void>;
    _CreateFontFetchers(urls: string[], progressCbk: ProgressCallback): FontFetcher[];
  }
}
