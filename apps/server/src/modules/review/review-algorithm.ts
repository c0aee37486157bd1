import { ErrorCode, type Language, type TaskGrinding } from '@measure/contract';
import { AppError, fieldError } from '../../core/app-error.ts';
import { ObjectNotFoundError } from '../../core/storage/object-store.ts';
import type { Database } from '../../db/client.ts';
import type { FrozenItem } from '../../db/json-types.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { DeviceFileStore } from '../results/device-file-store.ts';
import { visibleTask } from '../tasks/task-access.ts';
import { type AlgorithmPicture, cloudNotRead, renderAlgorithmImage } from './algorithm-image.ts';
import { isFlatnessItem, taskGrinding } from './grinding.ts';
import { ReviewRepository } from './review-repository.ts';

export const itemName = (item: FrozenItem, lang: Language) => (lang === 'zh-CN' ? item.NameZh : item.NameEn);

/**
 * The algorithm image of a flatness item at a site (GenAlgorithmImage) and the task's grinding
 * (review.algorithm.ts in the contract defines both). Reading needs a task the caller sees.
 */
export class ReviewAlgorithm {
  constructor(private readonly deps: { db: Database; deviceFiles: DeviceFileStore }) {}

  async image(
    auth: AuthContext,
    body: { TaskId: string; PointIndex: number; ItemCode: string },
  ): Promise<AlgorithmPicture> {
    const { task } = await visibleTask(this.deps.db, auth, body.TaskId);
    const repository = new ReviewRepository(this.deps.db);
    const site = await repository.site(auth.companyId, task.id, body.PointIndex);
    if (!site) throw fieldError('PointIndex', 'review.siteNotFound', { index: body.PointIndex });
    const reading = (await repository.readings(auth.companyId, task.id, site.pointIndex)).find(
      (row) => row.itemCode === body.ItemCode,
    );
    const item = task.standard.Items.find((row) => row.Code === body.ItemCode);
    if (!reading || !item)
      throw fieldError('ItemCode', 'review.itemNotMeasured', { index: site.pointIndex, code: body.ItemCode });
    if (!isFlatnessItem(item)) throw fieldError('ItemCode', 'review.notFlatness', { code: item.Code });
    const cloud = site.pointCloudFileId
      ? await repository.finishedFile(auth.companyId, site.pointCloudFileId, 'pointcloud')
      : undefined;
    const rulers = (reading.rulers ?? []).flatMap((ruler, index) =>
      reading.valid[index] && reading.vals[index] !== undefined
        ? [{ ...ruler, value: reading.vals[index] }]
        : [],
    );
    const render = (cloudPath: string | null, cloudNote: string | null = null) =>
      renderAlgorithmImage({ cloudPath, cloudNote, standardMm: item.Right, rulers });
    // The cloud is the site's own upload (checked above), as a file for the point-cloud loaders; a
    // cloud gone from the store is drawn from the rulers, as an unreadable one is. Its size is read
    // first, so a cloud too large to read is never fetched (in S3 mode: copied to a temp file).
    const stored = cloud ? await this.deps.deviceFiles.stat(cloud.id) : undefined;
    const tooLarge = stored ? cloudNotRead(stored.size) : null;
    const image =
      cloud && stored && !tooLarge
        ? await this.deps.deviceFiles.withLocalFile(cloud.id, render).catch((error: unknown) => {
            if (error instanceof ObjectNotFoundError) return render(null);
            throw error;
          })
        : await render(null, tooLarge);
    if (!image.ok) {
      if (image.noGeometry)
        throw fieldError('ItemCode', 'review.algorithmNoGeometry', {
          index: site.pointIndex,
          code: item.Code,
        });
      throw new AppError(ErrorCode.BadRequest, 'review.algorithmFailed', { reason: image.reason });
    }
    return image;
  }

  /** The task's grinding amount and area, per flatness item and in total. */
  async taskGrinding(auth: AuthContext, taskId: string, lang: Language): Promise<TaskGrinding> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    const items = task.standard.Items.filter(isFlatnessItem);
    const readings = await new ReviewRepository(this.deps.db).itemReadings(
      auth.companyId,
      task.id,
      items.map((item) => item.Code),
    );
    return taskGrinding(
      items.map((item) => ({ item, name: itemName(item, lang) })),
      readings,
    );
  }
}
