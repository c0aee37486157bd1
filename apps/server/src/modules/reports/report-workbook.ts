import {
  formatDateTimeWithZone,
  formatMessage,
  type Figures,
  type Language,
  type MessageKey,
  type MessageParams,
} from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import { buildWorkbook, type SheetColumn, yesNoCell } from '../../core/sheet-columns.ts';
import { type ReadingValue, readingValues } from '../results/reading-values.ts';
import type { ReportDocument, ReportReading } from './report-document.ts';

type Labelled = { label: string; value: string | number | null };

const both = (key: MessageKey) => ({
  zh: formatMessage('zh-CN', key),
  en: formatMessage('en-US', key),
});

const column = <T>(key: MessageKey, width: number, cell: SheetColumn<T>['cell']): SheetColumn<T> => ({
  ...both(key),
  width,
  cell,
});

/**
 * A row's place: building, floor and household, or on an external-wall task's sheets (`sideOf` given)
 * building, floor and side: a facade site has no household.
 */
const place = <T extends { BuildingNumber: string; Floor: number; Household: number | null }>(
  sideOf?: (row: T) => string | null,
): SheetColumn<T>[] => [
  column('reports.doc.building', 10, (row) => row.BuildingNumber),
  column('reports.doc.floor', 8, (row) => row.Floor),
  sideOf
    ? column('externalWalls.report.side', 8, (row) => sideOf(row))
    : column('reports.doc.household', 8, (row) => row.Household),
];

/** The columns of a row's Figures (measurement-api.md section 6), headed from the report catalogue. */
const figureColumns = <T>(figures: (row: T) => Figures): SheetColumn<T>[] => [
  column('reports.doc.passRate', 10, (row) => figures(row).PassRate),
  column('reports.doc.qualified', 8, (row) => figures(row).Qualified),
  column('reports.doc.warning', 8, (row) => figures(row).Warning),
  column('reports.doc.unqualified', 8, (row) => figures(row).Unqualified),
  column('reports.doc.exploded', 8, (row) => figures(row).Exploded),
  column('reports.doc.total', 8, (row) => figures(row).Total),
  column('reports.doc.unjudged', 8, (row) => figures(row).Unjudged),
  column('reports.doc.sites', 8, (row) => figures(row).Sites),
  column('reports.doc.explodedSites', 8, (row) => figures(row).ExplodedSites),
  column('reports.doc.explodedRate', 10, (row) => figures(row).ExplodedRate),
];

/**
 * The report's Excel workbook (in `doc.language`, every text from the report catalogue): Summary (the
 * task, its measure kind, households and figures), Items, Households and Sites with figures, and
 * Readings: one row per value (site, place, item, index, value, grade, valid), numbers as numbers.
 */
export async function renderWorkbook(doc: ReportDocument): Promise<Buffer> {
  const { task } = doc;
  const t = (key: MessageKey, params?: MessageParams) => formatMessage(doc.language, key, params);
  // A time in the summary names the company's zone: the workbook is read anywhere.
  const when = (iso: string | null) => formatDateTimeWithZone(iso, doc.language) || null;
  const summary: Labelled[] = [
    { label: t('reports.doc.project'), value: task.ProjectName },
    { label: t('reports.doc.task'), value: task.Name },
    { label: t('reports.doc.stage'), value: task.StageName },
    { label: t('reports.doc.measureKind'), value: measureKindText(doc, t) },
    { label: t('reports.doc.householdCount'), value: task.Households },
    { label: t('reports.doc.started'), value: when(task.StartedAt) },
    { label: t('reports.doc.finished'), value: when(task.FinishedAt) },
    {
      label: t('reports.doc.audited'),
      value: t(doc.audited ? 'reports.doc.auditedYes' : 'reports.doc.auditedNo'),
    },
    { label: t('reports.doc.rendered'), value: when(doc.renderedAt) },
    ...figureColumns<Figures>((figures) => figures).map((figure) => ({
      label: doc.language === 'zh-CN' ? figure.zh : figure.en,
      value: figure.cell(task.Figures, doc.language) as number | null,
    })),
  ];
  const itemNames = new Map(task.Items.map((item) => [item.ItemCode, item.Name]));
  // Rooms by the name drawn on the household's plan; the id only where the plan has no such room.
  const placeKey = (
    row: { BuildingNumber: string; Floor: number; Household: number | null },
    roomId: string,
  ) => `${row.BuildingNumber}|${row.Floor}|${row.Household}|${roomId}`;
  const roomNames = new Map(
    doc.plans.flatMap((plan) => plan.MeasurePoints.Rooms.map((room) => [placeKey(plan, room.Id), room.Name])),
  );
  const roomName = (reading: ReportReading) =>
    reading.RoomId === null ? null : roomNames.get(placeKey(reading, reading.RoomId)) || reading.RoomId;
  type ValueRow = ReadingValue<ReportReading>;
  // An external-wall task's sites and readings are placed by side (the readings' side is their site's).
  const sides = new Map(task.Sites.map((site) => [site.PointIndex, site.Side]));
  const facade = task.TaskKind === 'externalWall';
  const readingColumns: SheetColumn<ValueRow>[] = [
    column('reports.doc.pointIndex', 8, (row) => row.reading.PointIndex),
    column('reports.doc.siteName', 20, (row) => siteNameOnly(row.reading.SiteName, row.reading)),
    column('reports.doc.building', 10, (row) => row.reading.BuildingNumber),
    column('reports.doc.floor', 8, (row) => row.reading.Floor),
    facade
      ? column('externalWalls.report.side', 8, (row) => sides.get(row.reading.PointIndex) ?? null)
      : column('reports.doc.household', 8, (row) => row.reading.Household),
    column('reports.doc.room', 12, (row) => roomName(row.reading)),
    column('reports.doc.itemCode', 10, (row) => row.reading.ItemCode),
    column('reports.doc.item', 20, (row) => itemNames.get(row.reading.ItemCode) ?? row.reading.ItemCode),
    column('reports.doc.valueIndex', 8, (row) => row.index),
    column('reports.doc.readingValue', 10, (row) => row.value),
    column('reports.doc.grade', 10, (row) => (row.grade ? t(`reports.doc.${row.grade}`) : null)),
    column('reports.doc.valid', 8, (row) => yesNoCell(doc.language, row.valid)),
  ];
  return buildWorkbook(
    [
      {
        name: both('reports.doc.summary'),
        rows: summary,
        columns: [
          { ...both('reports.doc.field'), width: 18, cell: (row: Labelled) => row.label },
          { ...both('reports.doc.value'), width: 40, cell: (row: Labelled) => row.value },
        ],
      },
      {
        name: both('reports.doc.items'),
        rows: task.Items,
        columns: [
          column<(typeof task.Items)[number]>('reports.doc.itemCode', 10, (row) => row.ItemCode),
          column<(typeof task.Items)[number]>('reports.doc.item', 20, (row) => row.Name),
          ...figureColumns<(typeof task.Items)[number]>((row) => row.Figures),
        ],
      },
      {
        name: both('reports.doc.households'),
        rows: doc.households,
        columns: [...place(), ...figureColumns((row: ReportDocument['households'][number]) => row.Figures)],
      },
      {
        name: both('reports.doc.sites'),
        rows: task.Sites,
        columns: [
          column<(typeof task.Sites)[number]>('reports.doc.pointIndex', 8, (row) => row.PointIndex),
          ...place<(typeof task.Sites)[number]>(facade ? (row) => row.Side : undefined),
          column<(typeof task.Sites)[number]>('reports.doc.siteName', 20, (row) =>
            siteNameOnly(row.Name, row),
          ),
          ...figureColumns<(typeof task.Sites)[number]>((row) => row.Figures),
        ],
      },
      { name: both('reports.doc.readings'), rows: readingValues(doc.readings), columns: readingColumns },
    ],
    doc.language as Language,
  );
}

/** First measure, other, or a re-measure naming the task it measures again. */
export function measureKindText(
  doc: ReportDocument,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  const kind = doc.task.MeasureKind;
  if (kind === 're' && doc.beforeAfter)
    return t('reports.doc.remeasureOf', { task: doc.beforeAfter.ParentTaskNames[doc.language] });
  return t(`reports.doc.measureKind.${kind}`);
}
