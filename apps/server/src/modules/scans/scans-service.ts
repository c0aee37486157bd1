import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  type Language,
  type ModelPreview,
  type PageResult,
  RESULT_LIMITS,
  type RegisterScanBody,
  type RouteBody,
  SCAN_LIMITS,
  SCAN_SORT_COLUMNS,
  type ScanItem,
  type scansRoutes,
} from '@measure/contract';
import { AppError, badRequest, fieldError, notFound } from '../../core/app-error.ts';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { RangedFile } from '../../core/http-range.ts';
import { ObjectNotFoundError, type ObjectStore } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject } from '../projects/project-access.ts';
import { DeviceFilesRepository } from '../results/device-files-repository.ts';
import type { DeviceFileStore } from '../results/device-file-store.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { sessionScanUrls, toScanItem } from './scan-items.ts';
import { loadModelPreview } from './scan-preview.ts';
import { checkScanPlace, registerScan } from './scan-registration.ts';
import { scanTileType, ScanOutputStore } from './scan-output-store.ts';
import { ScanOutputsRepository } from './scan-outputs-repository.ts';
import {
  type ScanFilter,
  type ScanListRow,
  type ScanSortColumn,
  ScansRepository,
} from './scans-repository.ts';

type ListBody = RouteBody<typeof scansRoutes.getPointClouds>;
type GltfBody = RouteBody<typeof scansRoutes.getGltfList>;
export type ExportFilter = RouteBody<typeof scansRoutes.exportPointClouds>;

/** A stored file of a ready scan, streamed as it is. */
export interface ScanFile {
  stream: Readable;
  size: number;
  contentType: string;
  etag: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Idempotency keys of scan registrations share the results batches' table, in their own space. */
const idempotencyKeyOf = (key: string) => `scans:${key}`;

const filterOf = (body: Partial<ListBody>): ScanFilter => ({
  projectId: body.ProjectId,
  taskId: body.TaskId,
  buildingNumber: body.BuildingNumber,
  floor: body.Floor,
  kind: body.Kind,
  status: body.Status,
  startDate: body.StartDate,
  endDate: body.EndDate,
});

const orderOf = (body: { OrderBy?: string; AscDesc?: 'asc' | 'desc' }) => {
  const column = (SCAN_SORT_COLUMNS as readonly string[]).includes(body.OrderBy ?? '')
    ? (body.OrderBy as ScanSortColumn)
    : 'CreatedAt';
  return { column, ascending: (body.AscDesc ?? (column === 'Name' ? 'asc' : 'desc')) === 'asc' };
};

/**
 * Scans (measurement-api.md section 8): registration by devices (never gated: whatever a device sends
 * is kept), the lists, the original's download, deleting a failed scan, the 3D preview and the
 * stored tiles and models. Every web call answers Code 403 while the company's modelling is off.
 */
export class ScansService {
  private readonly outputs: ScanOutputStore;

  constructor(
    private readonly deps: {
      db: Database;
      objects: ObjectStore;
      deviceFiles: DeviceFileStore;
      /** Removes a device upload (its bytes and row): a deleted failed scan may be sent again. */
      removeUpload: (companyId: string, fileId: string) => Promise<void>;
    },
  ) {
    this.outputs = new ScanOutputStore(deps.objects);
  }

  private gate(companyId: string) {
    return new FeatureGate(this.deps.db).assertEnabled(companyId, 'modeling');
  }

  /** `POST Tasks/{TaskId}/Scans`: checks the file and the place, registers the scan, queues it. */
  async register(
    device: { companyId: string; deviceId: string },
    taskId: string,
    body: RegisterScanBody,
    idempotencyKey: string,
    bodyText: string,
  ): Promise<{ ScanId: string }> {
    const bodyHash = createHash('sha256').update(bodyText).digest('hex');
    const key = idempotencyKeyOf(idempotencyKey);
    return this.deps.db.transaction(async (tx) => {
      const task = await new TasksRepository(tx).find(device.companyId, taskId, true);
      if (!task || task.deviceId !== device.deviceId) throw notFound();
      const results = new ResultsRepository(tx);
      const stored = await results.storedBatch(device.companyId, taskId, key, RESULT_LIMITS.idempotencyHours);
      if (stored) {
        if (stored.bodyHash !== bodyHash) {
          throw new AppError(ErrorCode.Conflict, 'results.idempotencyKeyReused', {}, [
            { field: 'Idempotency-Key', key: 'results.idempotencyKeyReused' },
          ]);
        }
        return stored.result as { ScanId: string };
      }
      const file = await new DeviceFilesRepository(tx).ofDevice(
        device.companyId,
        device.deviceId,
        body.FileId,
      );
      if (!file?.complete) throw fieldError('FileId', 'scans.fileNotFound', { fileId: body.FileId });
      if (file.kind !== body.Kind) {
        throw fieldError('Kind', 'scans.kindMismatch', {
          fileId: body.FileId,
          uploaded: file.kind,
          kind: body.Kind,
        });
      }
      await checkScanPlace(tx, device.companyId, task, body);
      const scan = await registerScan(tx, {
        companyId: device.companyId,
        projectId: task.projectId,
        taskId: task.id,
        deviceId: device.deviceId,
        fileId: file.id,
        kind: body.Kind,
        name: body.Name ?? file.fileName,
        buildingNumber: body.BuildingNumber,
        floor: body.Floor,
        household: body.Household ?? null,
        side: body.Side ?? null,
        pointIndex: body.PointIndex ?? null,
        ...(task.taskKind === 'externalWall' && body.PointIndex
          ? { x0: body.X0 ?? null, x1: body.X1 ?? null, z0: body.Z0 ?? null, z1: body.Z1 ?? null }
          : {}),
        size: file.size,
      });
      const answer = { ScanId: scan.id };
      await results.expireBatches(device.companyId, RESULT_LIMITS.idempotencyHours);
      await results.saveBatch(device.companyId, taskId, key, bodyHash, answer);
      return answer;
    });
  }

  /** GetGltfList: the scans of a task or a project the caller sees (all visible ones without either). */
  async gltfList(auth: AuthContext, body: GltfBody, lang: Language): Promise<PageResult<ScanItem>> {
    return this.list(auth, { ...body, OrderBy: 'CreatedAt', AscDesc: 'desc' }, lang);
  }

  /** PointCloud/GetList (mscPointCloudData): filters, sort columns, the caller's project scope. */
  async list(auth: AuthContext, body: Partial<ListBody>, lang: Language): Promise<PageResult<ScanItem>> {
    await this.gate(auth.companyId);
    // A named project or task the caller does not see is 404, like every other list.
    if (body.ProjectId) await visibleProject(this.deps.db, auth, body.ProjectId);
    if (body.TaskId) await visibleTask(this.deps.db, auth, body.TaskId);
    const pageSize = body.PageSize ?? 10;
    const currentPage = body.CurrentPage ?? 1;
    const { rows, total } = await new ScansRepository(this.deps.db).page(
      auth,
      filterOf(body),
      orderOf(body),
      pageSize,
      (currentPage - 1) * pageSize,
    );
    return {
      Items: rows.map((row) => toScanItem(row, lang, sessionScanUrls)),
      Total: total,
      PageSize: pageSize,
      CurrentPage: currentPage,
    };
  }

  /** A scan the caller sees (modelling on), else 404. */
  private async visibleScan(auth: AuthContext, scanId: string): Promise<ScanListRow> {
    await this.gate(auth.companyId);
    const row = await new ScansRepository(this.deps.db).visible(auth, scanId);
    if (!row) throw notFound('scans.notFound');
    return row;
  }

  /** A short-lived address of the original upload (a download token, 256 bits, stored hashed). */
  async download(auth: AuthContext, scanId: string, origin: string) {
    const scan = await this.visibleScan(auth, scanId);
    const token = randomBytes(32).toString('base64url');
    const { expiresAt } = await new ScanOutputsRepository(this.deps.db).addDownload({
      tokenHash: hashOf(token),
      companyId: auth.companyId,
      scanId: scan.id,
      minutes: SCAN_LIMITS.downloadMinutes,
    });
    return { Url: `${origin}/api/ms/PointCloud/File/${token}`, ExpiresAt: expiresAt.toISOString() };
  }

  /** The original behind a download address while it lasts; afterwards, or for a gone file, 404. */
  async file(token: string): Promise<RangedFile> {
    const download = await new ScanOutputsRepository(this.deps.db).download(hashOf(token));
    if (!download) throw notFound();
    const scan = await new ScansRepository(this.deps.db).find(download.companyId, download.scanId);
    if (!scan) throw notFound();
    const key = this.deps.deviceFiles.keyOf(scan.fileId);
    const stat = await this.deps.objects.stat(key);
    if (!stat) throw notFound();
    const fileName = await this.originalName(scan.companyId, scan.fileId, scan.name);
    return {
      open: (span) => this.deps.objects.openRead(key, span),
      size: stat.size,
      etag: `"${scan.id}"`,
      fileName,
    };
  }

  private async originalName(companyId: string, fileId: string, fallback: string): Promise<string> {
    const [file] = await new DeviceFilesRepository(this.deps.db).finished(companyId, [fileId]);
    return file?.fileName ?? fallback;
  }

  /**
   * Deletes a failed scan: its row (surfaces, rulers, download addresses go with it), its stored
   * outputs and the uploaded file, so the device can upload and register it again.
   */
  async delete(auth: AuthContext, scanId: string): Promise<boolean> {
    const visible = await this.visibleScan(auth, scanId);
    const scan = await this.deps.db.transaction(async (tx) => {
      const row = await new ScansRepository(tx).find(auth.companyId, visible.id, true);
      if (!row) throw notFound('scans.notFound');
      if (row.status !== 'failed')
        throw badRequest('scans.notFailed', [{ field: 'ScanId', key: 'scans.notFailed' }]);
      await new ScansRepository(tx).delete(auth.companyId, row.id);
      return row;
    });
    await this.outputs.removeAll(scan.companyId, scan.id);
    await this.deps.removeUpload(scan.companyId, scan.fileId);
    return true;
  }

  /** Report/GetModelPreview: the task must be visible (else 404). */
  async preview(auth: AuthContext, taskId: string, lang: Language): Promise<ModelPreview> {
    await this.gate(auth.companyId);
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return loadModelPreview(this.deps.db, auth.companyId, task, lang, sessionScanUrls);
  }

  /** A file of a ready cloud's tileset, for a caller who sees the task. */
  async tile(auth: AuthContext, scanId: string, name: string): Promise<ScanFile> {
    return this.tileOf(await this.visibleScan(auth, scanId), name);
  }

  /** A ready model (binary glTF), for a caller who sees the task. */
  async model(auth: AuthContext, scanId: string): Promise<RangedFile> {
    return this.modelOf(await this.visibleScan(auth, scanId));
  }

  /** A tileset file of a ready cloud (shares call it with their own scan lookup). */
  async tileOf(scan: ScanListRow | Awaited<ReturnType<ScansRepository['find']>>, name: string) {
    if (!scan || scan.status !== 'ready' || !scan.tilesKey) throw notFound('scans.notReady');
    const contentType = scanTileType(name);
    if (!contentType) throw notFound();
    try {
      const file = await this.outputs.open(scan.tilesKey, name);
      return { ...file, contentType, etag: `"${scan.id}-${name}"` };
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      throw error;
    }
  }

  async modelOf(scan: ScanListRow | Awaited<ReturnType<ScansRepository['find']>>): Promise<RangedFile> {
    if (!scan || scan.status !== 'ready' || !scan.modelKey) throw notFound('scans.notReady');
    const key = scan.modelKey;
    const stat = await this.deps.objects.stat(key);
    if (!stat) throw notFound();
    return {
      open: (span) => this.deps.objects.openRead(key, span),
      size: stat.size,
      etag: `"${scan.id}"`,
      fileName: `${scan.name}.glb`,
    };
  }
}
