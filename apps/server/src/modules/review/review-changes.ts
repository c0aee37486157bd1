import { AppError, fieldError } from '../../core/app-error.ts';
import { ErrorCode, type Figures, toFigures } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { SiteRuler, SiteValueState } from '../../db/json-types.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { judgeReading, siteCounts } from '../results/judge-readings.ts';
import { rollupDeltas, type SiteContribution } from '../results/rollup-deltas.ts';
import { RollupsRepository } from '../results/rollups-repository.ts';
import { visibleTask } from '../tasks/task-access.ts';
import type { TaskRecord } from '../tasks/tasks-repository.ts';
import {
  type ReadingUpdate,
  ReviewRepository,
  type ReviewReadingRow,
  type ReviewSiteRow,
} from './review-repository.ts';
import { queueReport } from '../reports/report-queue.ts';
import { raiseTaskEvent } from '../events/live-events.ts';

/** Which value of which site a change names. */
export interface ValueRef {
  TaskId: string;
  PointIndex: number;
  ItemCode: string;
  RulerIndex: number;
}

/** What a change does to the named value: its new state. */
type Edit = (current: SiteValueState) => SiteValueState;

/**
 * A task takes review changes while it is not audited: completed answers 423 (its data is final),
 * cancelled 409.
 */
export function assertEditable(task: TaskRecord): void {
  if (task.state === 'completed') throw new AppError(ErrorCode.Locked, 'review.taskAudited');
  if (task.state === 'cancelled') throw new AppError(ErrorCode.Conflict, 'review.taskCancelled');
}

/** Figures of one site from its count columns. */
export function siteFigures(site: {
  qualified: number;
  warning: number;
  unqualified: number;
  exploded: number;
  unjudged: number;
  explodedSite: boolean;
}): Figures {
  return toFigures({ ...site, sites: 1, explodedSites: site.explodedSite ? 1 : 0 });
}

/** What a site with these readings brings to the rollups. */
function contribution(site: ReviewSiteRow, readings: readonly ReviewReadingRow[]): SiteContribution {
  const counts = { qualified: 0, warning: 0, unqualified: 0, exploded: 0, unjudged: 0, readings: 0 };
  for (const reading of readings) {
    counts.qualified += reading.qualified;
    counts.warning += reading.warning;
    counts.unqualified += reading.unqualified;
    counts.exploded += reading.exploded;
    counts.unjudged += reading.unjudged;
    counts.readings += reading.readings;
  }
  return {
    buildingId: site.buildingId,
    floor: site.floor,
    day: site.day,
    areaM2: site.areaM2 ?? 0,
    counts,
    items: readings.map((reading) => ({ itemCode: reading.itemCode, counts: reading })),
  };
}

const sameState = (a: SiteValueState, b: SiteValueState) =>
  a.Value === b.Value && a.Valid === b.Valid && JSON.stringify(a.Ruler) === JSON.stringify(b.Ruler);

/**
 * Review changes of one value (measurement-api.md section 4): in one transaction that locks the task
 * row (so results batches and other reviewers wait), the value is changed, the item judged again with
 * the task's frozen standard (invalid values kept, counted nowhere), the site's counts rewritten, the
 * rollups moved by the difference (`rollupDeltas`: the site's old contribution out, the new one in)
 * and the change recorded in the site's trail. Answers the site's new figures.
 */
export class ReviewChanges {
  constructor(private readonly deps: { db: Database }) {}

  async setValid(auth: AuthContext, input: ValueRef & { Valid: boolean }): Promise<Figures> {
    return this.change(auth, input, 'valid', (current) => ({ ...current, Valid: input.Valid }));
  }

  async correctValue(
    auth: AuthContext,
    input: ValueRef & { Value: number; Ruler?: SiteRuler | null },
  ): Promise<Figures> {
    return this.change(
      auth,
      input,
      'value',
      (current) => ({ ...current, Value: input.Value, Ruler: input.Ruler ?? current.Ruler }),
      (reading) => {
        if (input.Ruler && reading.rulers === null) {
          throw fieldError('Ruler', 'review.noRulers', { code: reading.itemCode });
        }
      },
    );
  }

  private async change(
    auth: AuthContext,
    input: ValueRef,
    kind: 'valid' | 'value',
    edit: Edit,
    check?: (reading: ReviewReadingRow) => void,
  ): Promise<Figures> {
    return this.deps.db.transaction(async (tx) => {
      const { task } = await visibleTask(tx, auth, input.TaskId, true);
      assertEditable(task);
      const repository = new ReviewRepository(tx);
      const site = await repository.site(auth.companyId, task.id, input.PointIndex);
      if (!site) throw fieldError('PointIndex', 'review.siteNotFound', { index: input.PointIndex });
      const readings = await repository.readings(auth.companyId, task.id, input.PointIndex);
      const code = input.ItemCode.trim().toLowerCase();
      const reading = readings.find((row) => row.itemCode.toLowerCase() === code);
      const item = task.standard.Items.find((frozen) => frozen.Code === reading?.itemCode);
      if (!reading || !item) {
        throw fieldError('ItemCode', 'review.itemNotMeasured', {
          index: input.PointIndex,
          code: input.ItemCode,
        });
      }
      const index = input.RulerIndex;
      if (index >= reading.vals.length) {
        throw fieldError('RulerIndex', 'review.rulerOutOfRange', {
          code: reading.itemCode,
          count: reading.vals.length,
          ruler: index,
        });
      }
      check?.(reading);
      const before: SiteValueState = {
        Value: reading.vals[index] as number,
        Valid: reading.valid[index] as boolean,
        Ruler: reading.rulers?.[index] ?? null,
      };
      const after = edit(before);
      if (sameState(before, after)) return siteFigures(site);

      const vals = reading.vals.map((value, i) => (i === index ? after.Value : value));
      const valid = reading.valid.map((flag, i) => (i === index ? after.Valid : flag));
      const rulers = reading.rulers
        ? reading.rulers.map((ruler, i) => (i === index && after.Ruler ? after.Ruler : ruler))
        : null;
      const judged = judgeReading(item, vals, valid, reading.designValue);
      const update: ReadingUpdate = { itemCode: reading.itemCode, vals, valid, rulers, ...judged };
      const changed = readings.map((row) => (row === reading ? { ...row, ...update } : row));
      const counts = siteCounts(changed);
      const nextSite: ReviewSiteRow = {
        ...site,
        qualified: counts.qualified,
        warning: counts.warning,
        unqualified: counts.unqualified,
        exploded: counts.exploded,
        unjudged: counts.unjudged,
        explodedSite: counts.explodedSites > 0,
      };

      await repository.updateReading(auth.companyId, task.id, site.pointIndex, update);
      await repository.updateSiteCounts(auth.companyId, task.id, site.pointIndex, {
        qualified: nextSite.qualified,
        warning: nextSite.warning,
        unqualified: nextSite.unqualified,
        exploded: nextSite.exploded,
        unjudged: nextSite.unjudged,
        explodedSite: nextSite.explodedSite,
      });
      // The site stays where it is (building, floor, day): only its counts move.
      const deltas = rollupDeltas([contribution(site, readings)], [contribution(nextSite, changed)]);
      await new RollupsRepository(tx).applyDeltas(auth.companyId, task.projectId, task.id, deltas);
      await repository.addChange(auth.companyId, task.id, site.pointIndex, {
        kind,
        itemCode: reading.itemCode,
        rulerIndex: index,
        before,
        after,
        userId: auth.userId,
        userName: await repository.userName(auth.companyId, auth.userId),
      });
      await queueReport(tx, auth.companyId, task.id, 'correction');
      await raiseTaskEvent(tx, auth.companyId, task.id);
      return siteFigures(nextSite);
    });
  }
}
