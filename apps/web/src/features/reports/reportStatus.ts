import type { ReportRow } from '@measure/contract';

/** The tag colour of each report status. */
export const STATUS_COLOURS: Record<ReportRow['Status'], string> = {
  queued: 'default',
  rendering: 'processing',
  ready: 'success',
  failed: 'error',
};
