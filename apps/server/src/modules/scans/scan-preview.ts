import type { GradeName, Language, ModelPreview } from '@measure/contract';
import { taskNameIn } from '@measure/contract';
import type { DbExecutor } from '../../db/database-handle.ts';
import { worstGrade } from '../review/plan-view-data.ts';
import { siteFigures } from '../review/review-changes.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import { type ScanUrls, toScanItem } from './scan-items.ts';
import { ScanOutputsRepository } from './scan-outputs-repository.ts';
import { legendOf, scanItemsOf } from './scan-standard.ts';
import { ScansRepository } from './scans-repository.ts';

/**
 * A task's 3D preview (modelTaskData, and the shares' modelTaskPreview): every scan of the task, the
 * surfaces of its ready clouds with their deviation figures, the virtual rulers laid on them, every
 * measured site with its worst grade, and the legend of the deviation colours.
 */
export async function loadModelPreview(
  db: DbExecutor,
  companyId: string,
  task: TaskRecord,
  lang: Language,
  urls: ScanUrls,
): Promise<ModelPreview> {
  const scans = new ScansRepository(db);
  const outputs = new ScanOutputsRepository(db);
  const rows = await scans.ofTask(companyId, task.id);
  const ready = rows.filter((row) => row.status === 'ready').map((row) => row.id);
  const [surfaces, rulers, sites] = await Promise.all([
    outputs.surfaces(companyId, ready),
    outputs.rulers(companyId, ready),
    scans.previewSites(companyId, task.id),
  ]);
  return {
    TaskId: task.id,
    TaskName: taskNameIn(task, lang),
    Scans: rows.map((row) => toScanItem(row, lang, urls)),
    Surfaces: surfaces.map((surface) => ({
      ScanId: surface.scanId,
      Index: surface.index,
      PointIndex: surface.pointIndex ?? null,
      ItemCode: surface.itemCode ?? null,
      Points: surface.points,
      Corners: surface.corners,
      Normal: surface.normal,
      MaxMm: surface.maxMm,
      MinMm: surface.minMm,
      RmsMm: surface.rmsMm,
      OutOfToleranceShare: surface.outOfToleranceShare,
      AreaM2: surface.areaM2,
    })),
    Rulers: rulers.flatMap((ruler) =>
      ruler.pointIndex === null
        ? []
        : [
            {
              PointIndex: ruler.pointIndex,
              ItemCode: ruler.itemCode,
              ValueIndex: ruler.valueIndex,
              From: ruler.fromPoint,
              To: ruler.toPoint,
              ValueMm: ruler.valueMm,
              Grade: (ruler.grade as GradeName | null) ?? null,
            },
          ],
    ),
    Sites: sites.map((site) => ({
      PointIndex: site.pointIndex,
      Name: site.name,
      BuildingNumber: site.buildingNumber,
      Floor: site.floor,
      Household: site.household,
      Source: site.source,
      WorstGrade: worstGrade(site),
      Figures: siteFigures(site),
    })),
    Legend: legendOf(scanItemsOf(task.standard.Items).flatness),
  };
}
