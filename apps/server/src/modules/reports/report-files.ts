import type { Language } from '@measure/contract';

/** A report row's stored files in both languages. */
export interface StoredReportFiles {
  pdfName: string | null;
  xlsxName: string | null;
  pdfSha256: string | null;
  pdfNameEn: string | null;
  xlsxNameEn: string | null;
  pdfSha256En: string | null;
}

/**
 * The files a reader of `language` gets: the English ones for en-US, the Chinese ones otherwise (the
 * reference language; also for a report rendered before English existed, until its new rendering,
 * queued at start-up, is ready). The SHA-256 is that of the PDF returned, so pages show the hash of
 * the file the reader downloads.
 */
export function reportFilesIn(
  row: StoredReportFiles,
  language: Language,
): { pdf: string | null; xlsx: string | null; sha256: string | null } {
  if (language === 'en-US' && row.pdfNameEn && row.xlsxNameEn) {
    return { pdf: row.pdfNameEn, xlsx: row.xlsxNameEn, sha256: row.pdfSha256En };
  }
  return { pdf: row.pdfName, xlsx: row.xlsxName, sha256: row.pdfSha256 };
}
