import {
  ErrorCode,
  STAGE_LABELS,
  STAGES,
  standardProblems,
  type Language,
  type MeasureItemRow,
  type PointType,
  type ProjectStandard,
  type projectStandardsRoutes,
  type RouteBody,
  type RouteResult,
  type Stage,
  type standardsRoutes,
} from '@measure/contract';
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { PointTypeRepository } from '../house-maps/point-type-repository.ts';
import { toPointType } from '../house-maps/point-type-service.ts';
import { assertUnlocked, touchProject, visibleProject, writeProjectLog } from '../projects/project-access.ts';
import { toRow } from '../standards/item-rows.ts';
import { itemNotFound } from '../standards/standards-service.ts';
import {
  type ItemRecord,
  StandardsRepository,
  type StoredItem,
  toStoredItem,
} from '../standards/standards-repository.ts';
import { type ProjectStandardRecord, ProjectStandardsRepository } from './project-standards-repository.ts';

type UpdateBody = RouteBody<typeof standardsRoutes.update>;
type FromBaseBody = RouteBody<typeof projectStandardsRoutes.updateFromBase>;
type StageStandardBody = RouteBody<typeof projectStandardsRoutes.getStageStandard>;
type StageStandardItem = RouteResult<typeof projectStandardsRoutes.getStageStandard>[number];
type SavePointTypeItemsBody = RouteBody<typeof projectStandardsRoutes.savePointTypeMeasureItem>;

/**
 * A project's standards: one copy of the library per stage (taken when the project is created, updated
 * from the library on request, edited per project until it is published), and the measure items with
 * design values of its site types.
 */
export class ProjectStandardsService {
  constructor(private readonly deps: { db: Database }) {}

  // ---- project copies ----

  private async copies(
    db: DbExecutor,
    auth: AuthContext,
    projectId: string,
  ): Promise<ProjectStandardRecord[]> {
    const repository = new ProjectStandardsRepository(db);
    await repository.ensureProjectStandards(auth.companyId, projectId);
    return repository.projectStandards(auth.companyId, projectId);
  }

  private toProjectStandard(
    copy: ProjectStandardRecord,
    library: ItemRecord[],
    lang: Language,
  ): ProjectStandard {
    const classes = copy.classes;
    const stageItems = library.filter((item) => item.stage === copy.stage);
    // Per item, so taking only some items' updates (MeasureItemIds) clears the flag once none is left.
    const copiedAt = new Map(classes.map((item) => [item.MeasureItemId, Date.parse(item.UpdateTime)]));
    const libraryIds = new Set(stageItems.map((item) => item.id));
    const outOfDate =
      classes.some((item) => !libraryIds.has(item.MeasureItemId)) ||
      stageItems.some((item) => {
        const copiedTime = copiedAt.get(item.id);
        return copiedTime === undefined || item.updatedAt.getTime() > copiedTime;
      });
    const stage = copy.stage as Stage;
    return {
      ProjectStandardId: copy.id,
      MsProjectStandardId: copy.id,
      ProjectGuid: copy.projectId,
      CompanyGuid: copy.companyId,
      Stage: stage,
      StageName: STAGE_LABELS[stage][lang],
      Classes: classes.map((item) => toRow(item, lang)),
      OutOfDate: outOfDate,
      BaseTime: copy.baseTime.toISOString(),
      UpdateTime: copy.updatedAt.toISOString(),
    };
  }

  async listByProject(auth: AuthContext, projectId: string, lang: Language): Promise<ProjectStandard[]> {
    await visibleProject(this.deps.db, auth, projectId);
    const copies = await this.copies(this.deps.db, auth, projectId);
    const library = await new StandardsRepository(this.deps.db).items(auth.companyId);
    return copies.map((copy) => this.toProjectStandard(copy, library, lang));
  }

  async projectStages(auth: AuthContext, projectId: string, lang: Language) {
    const standards = await this.listByProject(auth, projectId, lang);
    return standards.map(({ Classes, ...rest }) => ({
      ...rest,
      ItemCount: Classes.length,
      EnabledCount: Classes.filter((item) => item.Enabled).length,
    }));
  }

  /** Update of one stage's project copy (standard/Update with ProjectStandardId). */
  async updateCopy(
    auth: AuthContext,
    copyId: string,
    body: UpdateBody,
    lang: Language,
  ): Promise<MeasureItemRow[]> {
    return this.deps.db.transaction(async (tx) => {
      const repository = new ProjectStandardsRepository(tx);
      const copy = await repository.projectStandard(auth.companyId, copyId);
      if (!copy) throw notFound();
      const projectId = body.ProjectGuid ?? body.ProjectId;
      if (projectId && projectId !== copy.projectId) throw notFound();
      if (body.CompanyGuid && body.CompanyGuid !== auth.companyId) throw notFound();
      const project = await visibleProject(tx, auth, copy.projectId, { forUpdate: true });
      assertUnlocked(project);
      const classes = [...copy.classes];
      for (const [index, input] of body.Classes.entries()) {
        const at = classes.findIndex((item) => item.MeasureItemId === input.MeasureItemId);
        const current = classes[at];
        if (!input.MeasureItemId || !current) {
          throw itemNotFound();
        }
        // The copy's own concreteness decides the range, whatever the caller sent.
        input.Standards.forEach((standard, position) => {
          const problem = standardProblems(standard, current.Concrete)[0];
          if (problem) {
            const field = `Classes[${index}].Standards[${position}].${problem.field}`;
            throw new AppError(ErrorCode.BadRequest, problem.key, {}, [{ field, key: problem.key }]);
          }
        });
        classes[at] = {
          ...current,
          Standards: input.Standards.map((standard) => ({ ...standard, NameEn: standard.NameEn ?? null })),
          Selected: input.Selected,
          Enabled: input.Enabled,
        };
      }
      await repository.saveClasses(auth.companyId, copy.id, classes);
      await touchProject(tx, auth, copy.projectId);
      await writeProjectLog(tx, auth, copy.projectId, 'projectLog.standardsUpdated', {
        stage: copy.stage,
        count: body.Classes.length,
      });
      return classes.map((item) => toRow(item, lang));
    });
  }

  async updateFromBase(auth: AuthContext, body: FromBaseBody, lang: Language): Promise<ProjectStandard[]> {
    await this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
      assertUnlocked(project);
      const repository = new ProjectStandardsRepository(tx);
      const copies = await this.copies(tx, auth, body.ProjectId);
      const chosen = copies.filter(
        (copy) =>
          (!body.ProjectStandardId || copy.id === body.ProjectStandardId) &&
          (!body.Stage || copy.stage === body.Stage),
      );
      if (chosen.length === 0) throw notFound();
      const library = await new StandardsRepository(tx).items(auth.companyId);
      const only = body.MeasureItemIds ? new Set(body.MeasureItemIds) : null;
      if (only && [...only].some((id) => !library.some((item) => item.id === id))) throw itemNotFound();
      const now = new Date();
      for (const copy of chosen) {
        const previous = new Map(copy.classes.map((item) => [item.MeasureItemId, item]));
        const stageItems = library.filter((item) => item.stage === copy.stage);
        let classes: StoredItem[];
        if (only) {
          // Only the named items: changed or added; everything else stays as it is.
          classes = [...previous.values()].map((item) => {
            const source = only.has(item.MeasureItemId)
              ? stageItems.find((candidate) => candidate.id === item.MeasureItemId)
              : undefined;
            return source ? toStoredItem(source, item) : item;
          });
          for (const item of stageItems) {
            if (only.has(item.id) && !previous.has(item.id)) classes.push(toStoredItem(item));
          }
        } else {
          // The whole stage mirrors the library; the project's Enabled and Selected are kept.
          classes = stageItems.map((item) => toStoredItem(item, previous.get(item.id)));
        }
        await repository.saveClasses(auth.companyId, copy.id, classes, only ? undefined : now);
      }
      await touchProject(tx, auth, body.ProjectId);
      await writeProjectLog(tx, auth, body.ProjectId, 'projectLog.standardsFromBase', {
        stages: chosen.map((copy) => copy.stage).join(','),
      });
    });
    const all = await this.listByProject(auth, body.ProjectId, lang);
    return all.filter(
      (copy) =>
        (!body.ProjectStandardId || copy.ProjectStandardId === body.ProjectStandardId) &&
        (!body.Stage || copy.Stage === body.Stage),
    );
  }

  async buildingCraft(auth: AuthContext, projectId: string | undefined, lang: Language) {
    let counts: Map<string, number>;
    if (projectId) {
      const copies = await this.listByProject(auth, projectId, lang);
      counts = new Map(
        copies.map((copy) => [copy.Stage, copy.Classes.filter((item) => item.Enabled).length]),
      );
    } else {
      const items = await new StandardsRepository(this.deps.db).items(auth.companyId);
      counts = new Map();
      for (const item of items) counts.set(item.stage, (counts.get(item.stage) ?? 0) + 1);
    }
    return STAGES.filter((stage) => !projectId || (counts.get(stage) ?? 0) > 0).map((stage) => ({
      Stage: stage,
      Name: STAGE_LABELS[stage][lang],
      NameZh: STAGE_LABELS[stage]['zh-CN'],
      NameEn: STAGE_LABELS[stage]['en-US'],
      ItemCount: counts.get(stage) ?? 0,
    }));
  }

  /** The enabled items of a project stage with their selected standard, flattened for judging. */
  async stageStandard(
    auth: AuthContext,
    body: StageStandardBody,
    lang: Language,
  ): Promise<StageStandardItem[]> {
    const projectId = (body.projectId ?? body.ProjectGuid) as string;
    const copies = await this.listByProject(auth, projectId, lang);
    const copy = copies.find(
      (candidate) =>
        (!body.standardId || candidate.ProjectStandardId === body.standardId) &&
        (!body.supportCraft || candidate.Stage === body.supportCraft),
    );
    if (!copy) throw notFound();
    return copy.Classes.filter((item) => item.Enabled).map((item) => {
      const standard = item.Standards[item.Selected] ?? item.Standards[0];
      if (!standard) throw new Error('measure item without standards');
      return {
        MeasureItemId: item.MeasureItemId,
        Code: item.Code,
        Name: item.Name,
        NameZh: item.NameZh,
        NameEn: item.NameEn,
        Stage: item.Stage,
        Mode: item.Mode,
        Dimension: item.Dimension,
        NeedsDesign: item.NeedsDesign,
        External: item.External,
        StandardName: lang === 'en-US' ? (standard.NameEn ?? standard.Name) : standard.Name,
        Left: standard.Left,
        Right: standard.Right,
        WarnLeft: standard.WarnLeft,
        WarnRight: standard.WarnRight,
        Exploded: standard.ExplodedEffective,
        Rule: item.Rule,
      };
    });
  }

  // ---- site type measure items ----

  private async pointType(
    db: DbExecutor,
    auth: AuthContext,
    projectId: string,
    id: string,
  ): Promise<PointType> {
    const type = (await new PointTypeRepository(db).list(auth.companyId, projectId)).find(
      (candidate) => candidate.id === id && candidate.companyId === auth.companyId,
    );
    if (!type) throw notFound();
    return toPointType(type);
  }

  async pointTypeDetails(auth: AuthContext, projectId: string, id: string): Promise<PointType> {
    await visibleProject(this.deps.db, auth, projectId);
    return this.pointType(this.deps.db, auth, projectId, id);
  }

  /**
   * Replaces a site type's measure items: each an item of the project's standards, once; at most one
   * net height design value (items reading a height); an item that needs a design value and has
   * none asks for confirmation (409 on Field "Confirmed") unless Confirmed is sent.
   */
  async savePointTypeItems(auth: AuthContext, body: SavePointTypeItemsBody): Promise<PointType> {
    return this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
      await this.pointType(tx, auth, project.id, body.Id);
      assertUnlocked(project);
      const copies = await this.copies(tx, auth, project.id);
      const items = new Map(
        copies.flatMap((copy) => copy.classes.map((item) => [item.MeasureItemId, item] as const)),
      );
      const seen = new Set<string>();
      let netHeights = 0;
      let missingDesign = false;
      const saved = body.MeasureItems.map((input, index) => {
        const item = items.get(input.MeasureItemId);
        if (!item) {
          throw new AppError(ErrorCode.NotFound, 'standards.notInProject', {}, [
            { field: `MeasureItems[${index}].MeasureItemId`, key: 'standards.notInProject' },
          ]);
        }
        if (seen.has(item.MeasureItemId)) {
          throw conflict(`MeasureItems[${index}].MeasureItemId`, 'standards.duplicateItem');
        }
        seen.add(item.MeasureItemId);
        if (item.Dimension === 'height' && input.DesignValue !== null) netHeights += 1;
        if (netHeights > 1) throw fieldError(`MeasureItems[${index}].DesignValue`, 'standards.oneNetHeight');
        if (item.NeedsDesign && input.DesignValue === null) missingDesign = true;
        const standard = item.Standards[item.Selected] ?? item.Standards[0];
        return {
          MeasureItemId: item.MeasureItemId,
          Code: item.Code,
          Name: item.NameZh,
          NameZh: item.NameZh,
          NameEn: item.NameEn,
          DesignValue: input.DesignValue,
          WarningValue: input.WarningValue,
          Standard: input.Standard ?? (standard ? `[${standard.Left}, ${standard.Right}]` : null),
        };
      });
      if (missingDesign && !body.Confirmed) throw conflict('Confirmed', 'standards.noDesignValue');
      await new ProjectStandardsRepository(tx).setPointTypeItems(auth.companyId, body.Id, saved);
      await touchProject(tx, auth, project.id);
      return this.pointType(tx, auth, project.id, body.Id);
    });
  }
}
