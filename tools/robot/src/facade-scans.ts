import type { ResultSite, WorkPackage } from '@measure/contract';
import type { DeviceClient } from './device-client.ts';
import type { FacadePanelPlace } from './facade-panels.ts';
import type { WallGeometry } from './household-rooms.ts';
import { DEFAULT_SITE_POINTS, deviationOf, isExploded } from './household-scans.ts';
import { type Bulge, wallCloud } from './point-cloud.ts';

type Item = WorkPackage['Items'][number];
type Reading = ResultSite['Readings'][number];

/** Bumps on a facade are drawn at most this deep (mm), whatever the reading says. */
const MAX_BULGE_MM = 60;

type PanelRect = Pick<FacadePanelPlace, 'X0' | 'X1' | 'Z0' | 'Z1'>;

/**
 * A facade panel as a wall of the point-cloud generator, in the building frame of measurement-api.md
 * section 9: x along the side from its left edge, z above ±0.000, the facade in the plane y = 0 and
 * its normal towards the viewer (-y), so a bump stands out of the facade.
 */
export const panelWall = (panel: PanelRect): WallGeometry => ({
  from: { x: panel.X0, y: 0 },
  to: { x: panel.X1, y: 0 },
  length: panel.X1 - panel.X0,
  inward: { x: 0, y: -1 },
  baseM: panel.Z0,
  heightM: panel.Z1 - panel.Z0,
});

/**
 * The bump a scan of the panel shows where one of its readings is exploded: at that value's ruler
 * (mapped from the panel's width in mm), as deep as its deviation, at most `MAX_BULGE_MM`. Null when
 * nothing on the panel is exploded.
 */
export function facadeBulge(
  panel: PanelRect,
  items: readonly Item[],
  readings: readonly Reading[],
): Bulge | null {
  const wall = panelWall(panel);
  const widthMm = wall.length * 1000;
  const heightM = wall.heightM ?? 3;
  for (const reading of readings) {
    const item = items.find((candidate) => candidate.ItemCode === reading.ItemCode);
    if (!item) continue;
    for (let index = 0; index < reading.Values.length; index += 1) {
      const deviation = deviationOf(item, reading, index);
      if (deviation === null || !isExploded(item, deviation)) continue;
      const ruler = reading.Rulers?.[index];
      const middleMm = ruler ? (ruler.X1 + ruler.X2) / 2 : widthMm / 2;
      const upM = ruler ? (ruler.Y1 + ruler.Y2) / 2000 : heightM / 2;
      return {
        wall,
        alongM: Math.min(Math.max(middleMm / widthMm, 0.1), 0.9) * wall.length,
        heightM: Math.min(Math.max(upM, 0.4), heightM - 0.4),
        depthMm: Math.max(-MAX_BULGE_MM, Math.min(MAX_BULGE_MM, deviation)),
        sigmaM: 0.3,
      };
    }
  }
  return null;
}

/** A panel's own cloud (PLY, building frame) with its bump, if any. */
export const panelCloud = (
  panel: PanelRect,
  bulge: Bulge | null,
  sizes: { seed: number; sitePoints?: number },
): Buffer =>
  wallCloud(panelWall(panel), {
    points: sizes.sitePoints ?? DEFAULT_SITE_POINTS,
    seed: sizes.seed,
    bulges: bulge ? [bulge] : [],
  });

/** A measured panel with a bump, waiting for its cloud to be sent once its site is stored. */
export interface ScannedPanel {
  BuildingNumber: string;
  Floor: number;
  PointIndex: number;
  Name: string;
  panel: PanelRect & { Side: string };
  bulge: Bulge;
}

/**
 * Per panel with an exploded reading: its own cloud uploaded through tus and registered on the task's
 * Scans route with its Side and PointIndex (after the panel's site is stored, so the scan belongs to
 * it and derives nothing). A retry sends the same Idempotency-Key (it names the FileId).
 */
export async function sendFacadeScans(
  client: DeviceClient,
  taskId: string,
  panels: readonly ScannedPanel[],
  sizes: { seed: number; sitePoints?: number },
  report: { pointcloud: string[]; siteClouds: number },
  log: (line: string) => void,
): Promise<void> {
  for (const scanned of panels) {
    const cloud = panelCloud(scanned.panel, scanned.bulge, {
      ...sizes,
      seed: sizes.seed + scanned.PointIndex,
    });
    const stem = `${scanned.BuildingNumber}-${scanned.panel.Side}-${scanned.PointIndex}`.replace(
      /[^\w.-]+/g,
      '_',
    );
    const fileId = await client.upload(cloud, `${stem}.ply`, 'pointcloud');
    const { ScanId } = await client.registerScan(
      taskId,
      {
        FileId: fileId,
        Kind: 'pointcloud',
        BuildingNumber: scanned.BuildingNumber,
        Floor: scanned.Floor,
        Side: scanned.panel.Side,
        PointIndex: scanned.PointIndex,
        Name: `${scanned.panel.Side} ${scanned.Floor}层 ${scanned.Name}`,
      },
      `${taskId}:scan:${fileId}`,
    );
    report.pointcloud.push(ScanId);
    report.siteClouds += 1;
  }
  if (panels.length > 0) log(`${panels.length} facade panel cloud(s) registered`);
}
