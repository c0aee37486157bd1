import type { MessageKey } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import type { ReportDocument } from './report-document.ts';

type Cell = string | number | null;

/** What the section draws with: report-pdf.ts's heading, table and translation. */
export interface SectionTools {
  heading: (text: string, following?: number) => void;
  table: (columns: { label: string; width: number }[], rows: Cell[][]) => void;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
}

const rate = (value: number | null) => (value === null ? '-' : String(value));

/**
 * The re-measure section of a re-measure task's report: per site, the original site it re-measures
 * in the parent task, the items compared and the pass rates before and after (the same items). Draws nothing for other tasks.
 */
export function beforeAfterSection(doc: ReportDocument, { heading, table, t }: SectionTools): void {
  const section = doc.beforeAfter;
  if (!section || section.Sites.length === 0) return;
  heading(t('reports.doc.beforeAfter', { task: section.ParentTaskNames[doc.language] }));
  table(
    [
      { label: t('reports.doc.pointIndex'), width: 6 },
      { label: t('reports.doc.building'), width: 6 },
      { label: t('reports.doc.floor'), width: 5 },
      { label: t('reports.doc.household'), width: 5 },
      { label: t('reports.doc.siteName'), width: 12 },
      { label: t('reports.doc.originalPoint'), width: 8 },
      { label: t('reports.doc.item'), width: 6 },
      { label: t('reports.doc.passRateBefore'), width: 12 },
      { label: t('reports.doc.passRateAfter'), width: 12 },
    ],
    section.Sites.map((site) => [
      site.PointIndex,
      site.BuildingNumber,
      site.Floor,
      site.Household,
      siteNameOnly(site.Name, site),
      site.OriginalPointIndex,
      site.ItemCodes.join(', '),
      rate(site.Before.PassRate),
      rate(site.After.PassRate),
    ]),
  );
}
