import { GRADE_NAMES, type GradeName, type ResultSite } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { FrozenItem } from '../../db/json-types.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import type { ResultsService } from '../results/results-service.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { derivablePanel } from './scan-facade-panel.ts';
import type { ProcessCloudResult, ScannedSurface } from './engine/engine-types.ts';
import type { RulerRow, SurfaceRow } from './scan-outputs-repository.ts';
import { ScanOutputsRepository } from './scan-outputs-repository.ts';
import { ScansRepository, type ScanRecord } from './scans-repository.ts';

/** Values a derived reading keeps: 0.01 mm, as rulers report. */
const round2 = (value: number) => Math.round(value * 100) / 100;

const surfaceWord = (kind: ScannedSurface['kind']): ResultSite['Surface'] => kind;

/** The derived readings of a site scan's surfaces, by item, with the rulers in value order. */
function readingsOf(surfaces: readonly ScannedSurface[]) {
  const byItem = new Map<
    string,
    { surface: number; ruler: ScannedSurface['readings'][number]['rulers'][number] }[]
  >();
  surfaces.forEach((surface, index) => {
    for (const reading of surface.readings) {
      const list = byItem.get(reading.itemCode) ?? [];
      list.push(...reading.rulers.map((ruler) => ({ surface: index, ruler })));
      byItem.set(reading.itemCode, list);
    }
  });
  return byItem;
}

/**
 * Stores what processing found in a ready cloud, in the transaction that marks it ready: its surfaces
 * with their deviation figures, and for a site scan (PointIndex given) the virtual rulers. When the
 * task has no site at that PointIndex yet, the rulers' values become a `Source: scanner` site through
 * the results module (judged, counted in the rollups, `task` raised) and each ruler keeps its grade.
 * When the site exists, nothing is derived: one site never mixes sources (its rulers are kept for
 * the preview, without grades). Household scans keep their surfaces' figures only. A facade panel
 * scan derives the panel at its registered side, floor and rectangle (with the task's external items,
 * on the panel's plane), unless another panel stands there now.
 */
export async function storeCloudOutputs(
  tx: DbExecutor,
  results: ResultsService,
  scan: ScanRecord,
  flatness: FrozenItem | null,
  result: ProcessCloudResult,
): Promise<{ derivedSite: boolean }> {
  const surfaces: SurfaceRow[] = result.surfaces.map((surface, index) => ({
    companyId: scan.companyId,
    scanId: scan.id,
    index,
    pointIndex: scan.pointIndex,
    itemCode: flatness?.Code ?? null,
    kind: surface.kind,
    points: surface.points,
    corners: surface.corners,
    normal: surface.normal,
    planeOffset: surface.offset,
    maxMm: surface.maxMm,
    minMm: surface.minMm,
    rmsMm: surface.rmsMm,
    outOfToleranceShare: surface.outOfToleranceShare,
    areaM2: surface.areaM2,
  }));
  const outputs = new ScanOutputsRepository(tx);
  // A site scan: of a household's site, or of a facade panel (a side, no household).
  if (scan.pointIndex === null || (scan.household === null && scan.side === null)) {
    await outputs.replace(scan.companyId, scan.id, surfaces, []);
    return { derivedSite: false };
  }
  const pointIndex = scan.pointIndex;
  const byItem = readingsOf(result.surfaces);
  let grades = new Map<string, (GradeName | null)[]>();
  let derivedSite = false;
  // The task's lock first: batches and manual entries of the task wait, so the site check holds.
  const task = await new TasksRepository(tx).find(scan.companyId, scan.taskId, true);
  const existing = await new ScansRepository(tx).siteAt(scan.companyId, scan.taskId, pointIndex);
  // A facade panel's place is its side and registered rectangle (null: it cannot stand there now).
  const place =
    scan.side === null
      ? { Household: scan.household, Surface: surfaceWord(result.surfaces[0]?.kind ?? 'wall') }
      : task && existing === null
        ? await derivablePanel(tx, task, scan).then(
            (panel) => panel && { ...panel, Surface: 'facade' as const },
          )
        : null;
  if (existing === null && byItem.size > 0 && place !== null) {
    const site: ResultSite = {
      PointIndex: pointIndex,
      BuildingNumber: scan.buildingNumber,
      Floor: scan.floor,
      ...place,
      Name: scan.name.slice(0, 64),
      AreaM2: round2(result.surfaces.reduce((sum, surface) => sum + surface.areaM2, 0)),
      MeasuredAt: scan.createdAt.toISOString(),
      Readings: [...byItem].map(([itemCode, rulers]) => ({
        ItemCode: itemCode,
        Values: rulers.map(({ ruler }) => round2(ruler.valueMm)),
      })),
    };
    const sender = { companyId: scan.companyId, ...(scan.deviceId ? { deviceId: scan.deviceId } : {}) };
    derivedSite = await results.writeDerivedSite(tx, sender, scan.taskId, site);
    if (derivedSite) grades = await judgedGrades(tx, scan, pointIndex);
  }
  const rulers: RulerRow[] = [...byItem].flatMap(([itemCode, list]) =>
    list.map(({ surface, ruler }, valueIndex) => ({
      companyId: scan.companyId,
      scanId: scan.id,
      surfaceIndex: surface,
      pointIndex,
      itemCode,
      valueIndex,
      fromPoint: ruler.from,
      toPoint: ruler.to,
      valueMm: round2(ruler.valueMm),
      grade: grades.get(itemCode)?.[valueIndex] ?? null,
    })),
  );
  await outputs.replace(scan.companyId, scan.id, surfaces, rulers);
  return { derivedSite };
}

/** The grades the derived site's values got, by item (null: unjudged or invalid). */
async function judgedGrades(tx: DbExecutor, scan: ScanRecord, pointIndex: number) {
  const rows = await new ResultsRepository(tx).siteReadings(scan.companyId, scan.taskId, pointIndex);
  return new Map(
    rows.map((row) => [
      row.itemCode,
      row.vals.map((_value, index) => {
        const grade = row.grades?.[index];
        return grade === undefined || grade === null ? null : (GRADE_NAMES[grade] ?? null);
      }),
    ]),
  );
}
