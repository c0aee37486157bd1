import type { Language, ModelPreview } from '@measure/contract';
import { notFound } from '../../core/app-error.ts';
import { FeatureGate } from '../../core/feature-gate.ts';
import type { RangedFile } from '../../core/http-range.ts';
import type { Database } from '../../db/client.ts';
import { ReportsRepository } from '../reports/reports-repository.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { sharedScanUrls } from './scan-items.ts';
import { loadModelPreview } from './scan-preview.ts';
import { ScansRepository } from './scans-repository.ts';
import type { ScanFile, ScansService } from './scans-service.ts';

/**
 * The 3D reads of a public share (modelTaskPreview, taskReportThreeDimensional) without a session.
 * The open share is the only key: expired, revoked and unknown shares answer 404 alike, a scan of
 * another task is 404, and so is everything while the share's company has modelling off.
 */
export class ScanSharesService {
  constructor(private readonly deps: { db: Database; scans: ScansService }) {}

  private async sharedTask(shareId: string) {
    const share = await new ReportsRepository(this.deps.db).openShare(shareId);
    if (!share) throw notFound();
    await new FeatureGate(this.deps.db).assertEnabledOrNotFound(share.companyId, 'modeling');
    const task = await new TasksRepository(this.deps.db).find(share.companyId, share.taskId);
    if (!task) throw notFound();
    return { share, task };
  }

  private async sharedScan(shareId: string, scanId: string) {
    const { share, task } = await this.sharedTask(shareId);
    const scan = await new ScansRepository(this.deps.db).find(share.companyId, scanId);
    if (scan?.taskId !== task.id) throw notFound();
    return scan;
  }

  async preview(shareId: string, lang: Language): Promise<ModelPreview> {
    const { share, task } = await this.sharedTask(shareId);
    const preview = await loadModelPreview(
      this.deps.db,
      share.companyId,
      task,
      lang,
      sharedScanUrls(shareId),
    );
    return { ...preview, FocusScanId: share.scanId };
  }

  async tile(shareId: string, scanId: string, name: string): Promise<ScanFile> {
    return this.deps.scans.tileOf(await this.sharedScan(shareId, scanId), name);
  }

  async model(shareId: string, scanId: string): Promise<RangedFile> {
    return this.deps.scans.modelOf(await this.sharedScan(shareId, scanId));
  }
}
