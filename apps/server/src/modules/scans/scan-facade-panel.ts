import type { ResultSite } from '@measure/contract';
import { AppError, fieldError } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { FacadePlacement } from '../results/facade-placement.ts';
import { SitePlacesRepository } from '../results/site-places-repository.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import type { ScanRecord } from './scans-repository.ts';

/** A facade panel's rectangle as a scan registration names it (metres, measurement-api.md section 9). */
export interface PanelRect {
  X0?: number | null;
  X1?: number | null;
  Z0?: number | null;
  Z1?: number | null;
}

const RECT_FIELDS = ['X0', 'X1', 'Z0', 'Z1'] as const;

/** A site of the task's facade at `rect` (readings aside), as the placement rules read one. */
const panelSite = (
  place: { PointIndex: number; BuildingNumber: string; Floor: number; Side: string },
  rect: { X0: number; X1: number; Z0: number; Z1: number },
): ResultSite => ({ ...place, ...rect, Surface: 'facade', Readings: [] });

/**
 * The scan of a facade panel not stored yet (its readings will be derived from the cloud): its
 * rectangle is required (Code 400 `validation.required` on the first field missing), not empty, and
 * placed by the rules every facade site follows (facade-placement.ts: the side's width, the floor band,
 * no overlap with a stored panel), each refusal naming its field.
 */
export async function checkNewPanelScan(
  tx: DbExecutor,
  companyId: string,
  task: TaskRecord,
  place: { PointIndex: number; BuildingNumber: string; Floor: number; Side: string } & PanelRect,
): Promise<void> {
  for (const field of RECT_FIELDS)
    if (place[field] === null || place[field] === undefined) throw fieldError(field, 'validation.required');
  const rect = {
    X0: place.X0 as number,
    X1: place.X1 as number,
    Z0: place.Z0 as number,
    Z1: place.Z1 as number,
  };
  if (rect.X0 >= rect.X1) throw fieldError('X1', 'externalWalls.panelEmpty');
  if (rect.Z0 >= rect.Z1) throw fieldError('Z1', 'externalWalls.panelEmpty');
  const stored = await new SitePlacesRepository(tx).facadePanels(companyId, task.id);
  new FacadePlacement(task, stored).place(panelSite(place, rect), '');
}

/**
 * The place of the panel a facade panel scan derives (its side, floor and registered rectangle), or
 * null when it cannot be one now: no rectangle registered, or another panel placed meanwhile where it
 * would stand (the placement rules refuse it; the scan then keeps its rulers without grades).
 */
export async function derivablePanel(
  tx: DbExecutor,
  task: TaskRecord,
  scan: ScanRecord,
): Promise<Pick<ResultSite, 'Side' | 'X0' | 'X1' | 'Z0' | 'Z1'> | null> {
  const { side, pointIndex, x0, x1, z0, z1 } = scan;
  if (side === null || pointIndex === null || x0 === null || x1 === null || z0 === null || z1 === null)
    return null;
  const stored = await new SitePlacesRepository(tx).facadePanels(scan.companyId, task.id);
  const place = {
    PointIndex: pointIndex,
    BuildingNumber: scan.buildingNumber,
    Floor: scan.floor,
    Side: side,
  };
  try {
    const panel = new FacadePlacement(task, stored).place(
      panelSite(place, { X0: x0, X1: x1, Z0: z0, Z1: z1 }),
      '',
    );
    return { Side: panel.side, X0: panel.x0, X1: panel.x1, Z0: panel.z0, Z1: panel.z1 };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
