import { formatMessage, isMessageKey, type Language, type ScanItem, taskNameIn } from '@measure/contract';
import type { ScanListRow } from './scans-repository.ts';

/** Where a ready scan's tileset and model are read: under a session, or under a share. */
export interface ScanUrls {
  tileset(scanId: string): string;
  model(scanId: string): string;
}

export const sessionScanUrls: ScanUrls = {
  tileset: (scanId) => `/api/ms/Scans/${scanId}/Tiles/tileset.json`,
  model: (scanId) => `/api/ms/Scans/${scanId}/Model`,
};

export const sharedScanUrls = (shareId: string): ScanUrls => {
  const base = `/api/share/${encodeURIComponent(shareId)}/Scans`;
  return {
    tileset: (scanId) => `${base}/${scanId}/Tiles/tileset.json`,
    model: (scanId) => `${base}/${scanId}/Model`,
  };
};

/** A failed scan's reason in the reader's language (stored as a key and its parameters). */
export function scanErrorIn(
  row: Pick<ScanListRow, 'errorKey' | 'errorParams'>,
  lang: Language,
): string | null {
  if (!row.errorKey) return null;
  const key = isMessageKey(row.errorKey) ? row.errorKey : 'scans.error.unreadable';
  return formatMessage(lang, key, { detail: '', ...row.errorParams });
}

/** One scan as every list shows it. */
export function toScanItem(row: ScanListRow, lang: Language, urls: ScanUrls = sessionScanUrls): ScanItem {
  const ready = row.status === 'ready';
  return {
    ScanId: row.id,
    TaskId: row.taskId,
    TaskName: taskNameIn({ name: row.taskName, nameParts: row.taskNameParts }, lang),
    ProjectId: row.projectId,
    ProjectName: row.projectName,
    Kind: row.kind as ScanItem['Kind'],
    Name: row.name,
    Format: row.format,
    BuildingNumber: row.buildingNumber,
    Floor: row.floor,
    Household: row.household,
    Side: row.side,
    PointIndex: row.pointIndex,
    Points: row.points,
    Size: row.size,
    Status: row.status as ScanItem['Status'],
    Progress: row.progress,
    Error: row.status === 'failed' ? scanErrorIn(row, lang) : null,
    TilesetUrl: ready && row.kind === 'pointcloud' && row.tilesKey ? urls.tileset(row.id) : null,
    ModelUrl: ready && row.kind === 'model' && row.modelKey ? urls.model(row.id) : null,
    CreatedAt: row.createdAt.toISOString(),
  };
}
