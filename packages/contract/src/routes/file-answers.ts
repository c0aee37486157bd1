/**
 * What a route answers instead of the JSON envelope when it sends a file (an Excel export, a picture,
 * a PDF...). Refusals still answer the envelope (HTTP 200 with a non-zero Code, as every route). The
 * server documents these in the OpenAPI document: the file's content types beside the error envelope,
 * and its Content-Disposition header.
 */
export interface FileAnswer {
  /** Every content type the route may send its file with. */
  readonly contentTypes: readonly string[];
  /** The Content-Disposition it sends; `none`: no such header (a picture drawn into a page). */
  readonly disposition: 'attachment' | 'inline' | 'inline or attachment' | 'none';
  /** Answers HTTP Range requests (206 Partial Content, 416 Range Not Satisfiable). */
  readonly ranges?: boolean;
  /**
   * Content codings the file is sent with when the request's Accept-Encoding takes one (browsers
   * decode them on their own); otherwise the decoded bytes come without Content-Length and ranges.
   */
  readonly encodings?: readonly 'br'[];
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An Excel export or template (`sendWorkbook`). */
export const xlsxAttachment: FileAnswer = { contentTypes: [XLSX_CONTENT_TYPE], disposition: 'attachment' };
/** A measurement or work-order picture, as stored or annotated. */
export const pictureInline: FileAnswer = {
  contentTypes: ['image/jpeg', 'image/png'],
  disposition: 'inline',
  ranges: true,
};
/** A picture drawn by the server (PNG). */
export const pngInline: FileAnswer = { contentTypes: ['image/png'], disposition: 'inline', ranges: true };
/** A plan view drawn as SVG, shown inside a page. */
export const svgImage: FileAnswer = { contentTypes: ['image/svg+xml'], disposition: 'none' };
/** A floor plan file as uploaded (PNG, JPEG or DXF). */
const planTypes = ['image/png', 'image/jpeg', 'image/vnd.dxf'];
export const planInline: FileAnswer = { contentTypes: planTypes, disposition: 'inline', ranges: true };
export const planAttachment: FileAnswer = {
  contentTypes: planTypes,
  disposition: 'attachment',
  ranges: true,
};
/** A DXF plan's scene prepared by the server for the floor-plan editor (binary, see house-maps). */
export const planSceneInline: FileAnswer = {
  contentTypes: ['application/octet-stream'],
  disposition: 'inline',
  ranges: true,
  encodings: ['br'],
};
/** Report files: one PDF or workbook, or a zip of several. */
export const reportFiles: FileAnswer = {
  contentTypes: ['application/pdf', XLSX_CONTENT_TYPE, 'application/zip'],
  disposition: 'attachment',
  ranges: true,
};
/** A shared report's PDF: shown in the page, or downloaded (`Download=true`). */
export const sharedPdf: FileAnswer = {
  contentTypes: ['application/pdf'],
  disposition: 'inline or attachment',
  ranges: true,
};
/** A device software package, resumable with HTTP Range. */
export const updatePackage: FileAnswer = {
  contentTypes: ['application/octet-stream'],
  disposition: 'attachment',
  ranges: true,
};
