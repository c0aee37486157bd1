import {
  type Figures,
  type Language,
  REPORT_QUEUED_REASONS,
  type ReportQueuedReason,
  type ReportVerification,
  VERIFICATION_CODE_PATTERN,
} from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { ReportRenditionsRepository } from './report-renditions-repository.ts';
import { verificationUrl } from './report-verification.ts';

const reasonOf = (stored: string | null): ReportQueuedReason =>
  REPORT_QUEUED_REASONS.find((reason) => reason === stored) ?? 'other';

/**
 * The public verification of a printed report (`/supplement/verify/{Code}`, no session): the code
 * in the PDF's footer names one rendition; it answers what that PDF showed and its SHA-256, and,
 * once the report was rendered again, when and why and which rendition is current. Unknown and
 * malformed codes answer 404 alike; a deleted report's renditions still answer (their rows stay).
 */
export class ReportVerifyService {
  constructor(private readonly deps: { db: Database; publicBase: string }) {}

  async verify(code: string): Promise<ReportVerification> {
    const wanted = code.trim().toUpperCase();
    if (!VERIFICATION_CODE_PATTERN.test(wanted)) throw notFound();
    const renditions = new ReportRenditionsRepository(this.deps.db);
    const row = await renditions.find(wanted);
    if (!row) throw notFound();
    let superseded: ReportVerification['Superseded'] = null;
    if (row.supersededAt) {
      const current = await renditions.currentOf(row.companyId, row.code);
      superseded = {
        At: row.supersededAt.toISOString(),
        Reason: reasonOf(row.supersededReason),
        CurrentCode: current,
        CurrentUrl: verificationUrl(this.deps.publicBase, current),
      };
    }
    return {
      Code: row.code,
      ReportName: row.reportName,
      ProjectName: row.projectName,
      TaskName: row.taskName,
      Language: row.language as Language,
      RenderedAt: row.renderedAt.toISOString(),
      Sha256: row.sha256,
      Figures: row.figures as Figures,
      Superseded: superseded,
    };
  }
}
