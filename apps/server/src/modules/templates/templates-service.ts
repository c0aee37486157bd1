import {
  type AlgorithmTemplate,
  type algorithmRoutes,
  type DesignTemplate,
  ErrorCode,
  formatMessage,
  type Language,
  type measureTemplatesRoutes,
  type PageResult,
  type RouteBody,
  type RouteResult,
} from '@measure/contract';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import { algorithmTemplates, designTemplates, houseMaps } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import {
  assertUnlocked,
  touchProject,
  visibleProject,
  visibleProjectCondition,
} from '../projects/project-access.ts';
import { ProjectStandardsRepository } from '../project-standards/project-standards-repository.ts';
import { type StoredItem } from '../standards/standards-repository.ts';

type SaveTemplateBody = RouteBody<typeof measureTemplatesRoutes.updateMeasureTemplate>;
type HouseTypeTemplateBody = RouteBody<typeof measureTemplatesRoutes.updateHouseTypeTemplate>;
type HasInputBody = RouteBody<typeof measureTemplatesRoutes.hasMeasureItemInput>;
type HasInputResult = RouteResult<typeof measureTemplatesRoutes.hasMeasureItemInput>;
type AlgoListBody = RouteBody<typeof algorithmRoutes.getAlgorithmParamTemplateList>;
type AlgoSaveBody = RouteBody<typeof algorithmRoutes.saveAlgorithmParamTemplateDetail>;

type TemplateRecord = typeof designTemplates.$inferSelect;
type AlgoRecord = typeof algorithmTemplates.$inferSelect;
interface StoredTemplateItem {
  MeasureItemId: string;
  Code: string;
  NameZh: string;
  NameEn: string;
  DesignValue: number;
}

/** Net height items: deviation items that read a height (domain.md: net height 室内净高). */
const isNetHeight = (item: Pick<StoredItem, 'Dimension' | 'Mode'>) =>
  item.Dimension === 'height' && item.Mode === 'deviation';
/** The default net height design value of the default template, in mm. */
const DEFAULT_NET_HEIGHT = 2800;

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** Design value templates of projects, and algorithm parameter templates. */
export class TemplatesService {
  constructor(private readonly deps: { db: Database }) {}

  // ---- design value templates ----

  /** The enabled items of the project's standards (all stages), by id. */
  private async projectItems(db: DbExecutor, companyId: string, projectId: string) {
    const repository = new ProjectStandardsRepository(db);
    await repository.ensureProjectStandards(companyId, projectId);
    const copies = await repository.projectStandards(companyId, projectId);
    return new Map(
      copies.flatMap((copy) =>
        (copy.classes as StoredItem[])
          .filter((item) => item.Enabled)
          .map((item) => [item.MeasureItemId, item] as const),
      ),
    );
  }

  /** The project's templates, creating the default one on first use. */
  private async templates(db: DbExecutor, companyId: string, projectId: string): Promise<TemplateRecord[]> {
    const rows = await db
      .select()
      .from(designTemplates)
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.projectId, projectId)));
    if (rows.some((row) => row.isDefault)) {
      return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
    }
    const items = [...(await this.projectItems(db, companyId, projectId)).values()]
      .filter(isNetHeight)
      .map((item) => ({
        MeasureItemId: item.MeasureItemId,
        Code: item.Code,
        NameZh: item.NameZh,
        NameEn: item.NameEn,
        DesignValue: DEFAULT_NET_HEIGHT,
      }));
    const [created] = await db
      .insert(designTemplates)
      .values({ companyId, projectId, name: '默认模板', isDefault: true, items })
      .onConflictDoNothing()
      .returning();
    if (created) return [created, ...rows];
    // Another request created it meanwhile: read again (once).
    return db
      .select()
      .from(designTemplates)
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.projectId, projectId)));
  }

  private async toTemplate(db: DbExecutor, record: TemplateRecord, lang: Language): Promise<DesignTemplate> {
    const maps = await db
      .select({ id: houseMaps.id })
      .from(houseMaps)
      .where(and(eq(houseMaps.projectId, record.projectId), eq(houseMaps.designTemplateId, record.id)));
    return {
      TemplateId: record.id,
      ProjectId: record.projectId,
      Name: record.isDefault ? formatMessage(lang, 'templates.defaultName') : record.name,
      IsDefault: record.isDefault,
      Items: (record.items as StoredTemplateItem[]).map((item) => ({
        ...item,
        Name: lang === 'en-US' ? item.NameEn : item.NameZh,
      })),
      HouseMapIds: maps.map((map) => map.id),
      UpdateTime: record.updatedAt.toISOString(),
    };
  }

  async list(auth: AuthContext, projectId: string, lang: Language): Promise<DesignTemplate[]> {
    await visibleProject(this.deps.db, auth, projectId);
    const rows = await this.templates(this.deps.db, auth.companyId, projectId);
    return Promise.all(rows.map((row) => this.toTemplate(this.deps.db, row, lang)));
  }

  async save(auth: AuthContext, body: SaveTemplateBody, lang: Language): Promise<DesignTemplate> {
    return this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
      const templates = await this.templates(tx, auth.companyId, project.id);
      const existing = body.TemplateId ? templates.find((row) => row.id === body.TemplateId) : undefined;
      if (body.TemplateId && !existing) throw notFound();
      if (existing) assertUnlocked(project);
      if (
        templates.some((row) => row.id !== existing?.id && row.name.toLowerCase() === body.Name.toLowerCase())
      ) {
        throw conflict('Name', 'templates.nameTaken');
      }
      const available = await this.projectItems(tx, auth.companyId, project.id);
      const seen = new Set<string>();
      let netHeights = 0;
      const items = body.Items.map((input, index): StoredTemplateItem => {
        const item = available.get(input.MeasureItemId);
        if (!item) {
          throw new AppError(ErrorCode.NotFound, 'standards.notInProject', {}, [
            { field: `Items[${index}].MeasureItemId`, key: 'standards.notInProject' },
          ]);
        }
        if (seen.has(item.MeasureItemId))
          throw conflict(`Items[${index}].MeasureItemId`, 'standards.duplicateItem');
        seen.add(item.MeasureItemId);
        if (isNetHeight(item) && ++netHeights > 1) {
          throw fieldError(`Items[${index}].DesignValue`, 'standards.oneNetHeight');
        }
        return {
          MeasureItemId: item.MeasureItemId,
          Code: item.Code,
          NameZh: item.NameZh,
          NameEn: item.NameEn,
          DesignValue: input.DesignValue,
        };
      });
      let saved: TemplateRecord | undefined;
      if (existing) {
        [saved] = await tx
          .update(designTemplates)
          .set({ name: body.Name, items, updatedAt: new Date() })
          .where(eq(designTemplates.id, existing.id))
          .returning();
      } else {
        [saved] = await tx
          .insert(designTemplates)
          .values({ companyId: auth.companyId, projectId: project.id, name: body.Name, items })
          .returning();
      }
      if (!saved) throw new Error('template save returned nothing');
      await touchProject(tx, project.id);
      return this.toTemplate(tx, saved, lang);
    });
  }

  async delete(auth: AuthContext, projectId: string, templateId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, projectId, { forUpdate: true });
      const template = (await this.templates(tx, auth.companyId, project.id)).find(
        (row) => row.id === templateId,
      );
      if (!template) throw notFound();
      if (template.isDefault) throw conflict('TemplateId', 'templates.defaultUndeletable');
      assertUnlocked(project);
      await tx.delete(designTemplates).where(eq(designTemplates.id, template.id));
      await touchProject(tx, project.id);
    });
  }

  async applyToHouseType(auth: AuthContext, body: HouseTypeTemplateBody) {
    return this.deps.db.transaction(async (tx) => {
      const [map] = await tx
        .select()
        .from(houseMaps)
        .where(and(eq(houseMaps.companyId, auth.companyId), eq(houseMaps.id, body.HouseMapId)));
      if (!map) throw notFound();
      const project = await visibleProject(tx, auth, map.projectId, { forUpdate: true });
      assertUnlocked(project);
      const templates = await this.templates(tx, auth.companyId, project.id);
      const key = body.KeyAndName.Key;
      const template = key ? templates.find((row) => row.id === key) : templates.find((row) => row.isDefault);
      if (!template) throw notFound();
      await tx
        .update(houseMaps)
        .set({ designTemplateId: template.isDefault ? null : template.id, updatedAt: new Date() })
        .where(eq(houseMaps.id, map.id));
      await touchProject(tx, project.id);
      return { HouseMapId: map.id, TemplateId: template.id, TemplateName: template.name };
    });
  }

  async hasInput(auth: AuthContext, body: HasInputBody, lang: Language): Promise<HasInputResult> {
    const db = this.deps.db;
    await visibleProject(db, auth, body.ProjectId);
    const templates = await this.templates(db, auth.companyId, body.ProjectId);
    let template = templates.find((row) => row.isDefault) as TemplateRecord;
    if (body.HouseMapId) {
      const [map] = await db
        .select()
        .from(houseMaps)
        .where(
          and(
            eq(houseMaps.companyId, auth.companyId),
            eq(houseMaps.projectId, body.ProjectId),
            eq(houseMaps.id, body.HouseMapId),
          ),
        );
      if (!map) throw notFound();
      template = templates.find((row) => row.id === map.designTemplateId) ?? template;
    }
    const values = new Set((template.items as StoredTemplateItem[]).map((item) => item.MeasureItemId));
    const missing = [...(await this.projectItems(db, auth.companyId, body.ProjectId)).values()]
      .filter((item) => item.NeedsDesign && (!body.Stage || item.Stage === body.Stage))
      .filter((item) => !values.has(item.MeasureItemId))
      .map((item) => ({
        MeasureItemId: item.MeasureItemId,
        Code: item.Code,
        Name: lang === 'en-US' ? item.NameEn : item.NameZh,
      }));
    return { HasInput: missing.length === 0, TemplateId: template.id, Missing: missing };
  }

  // ---- algorithm parameter templates ----

  private toAlgorithm(record: AlgoRecord): AlgorithmTemplate {
    return {
      guid: record.id,
      Name: record.name,
      detail: record.detail,
      ProjectId: record.projectId,
      list: record.params as AlgorithmTemplate['list'],
      UpdateTime: record.updatedAt.toISOString(),
    };
  }

  /** A template the caller may see: company-wide, or of a project the caller may see. */
  private async algorithm(db: DbExecutor, auth: AuthContext, guid: string): Promise<AlgoRecord> {
    const [record] = await db
      .select()
      .from(algorithmTemplates)
      .where(and(eq(algorithmTemplates.companyId, auth.companyId), eq(algorithmTemplates.id, guid)));
    if (!record) throw notFound();
    if (record.projectId) await visibleProject(db, auth, record.projectId);
    return record;
  }

  async algorithmDetail(auth: AuthContext, guid: string): Promise<AlgorithmTemplate> {
    return this.toAlgorithm(await this.algorithm(this.deps.db, auth, guid));
  }

  async algorithmList(auth: AuthContext, body: AlgoListBody): Promise<PageResult<AlgorithmTemplate>> {
    const projectId = body.ProjectId ?? body.ProjectGuid ?? undefined;
    if (projectId) await visibleProject(this.deps.db, auth, projectId);
    const scope: SQL | undefined = projectId
      ? or(isNull(algorithmTemplates.projectId), eq(algorithmTemplates.projectId, projectId))
      : or(isNull(algorithmTemplates.projectId), visibleProjectCondition(auth, algorithmTemplates.projectId));
    const keyword = body.Keyword?.toLowerCase();
    const rows = (
      await this.deps.db
        .select()
        .from(algorithmTemplates)
        .where(and(eq(algorithmTemplates.companyId, auth.companyId), scope))
    )
      .filter((row) => !keyword || row.name.toLowerCase().includes(keyword))
      .sort((a, b) => a.name.localeCompare(b.name));
    const start = (body.CurrentPage - 1) * body.PageSize;
    return {
      Items: rows.slice(start, start + body.PageSize).map((row) => this.toAlgorithm(row)),
      Total: rows.length,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  async algorithmsOfProject(auth: AuthContext, projectId: string): Promise<AlgorithmTemplate[]> {
    return (
      await this.algorithmList(auth, { ProjectId: projectId, PageSize: 200, CurrentPage: 1 } as AlgoListBody)
    ).Items;
  }

  async saveAlgorithm(auth: AuthContext, body: AlgoSaveBody): Promise<AlgorithmTemplate> {
    const names = new Set<string>();
    body.list.forEach((param, index) => {
      const name = param.Name.toLowerCase();
      if (names.has(name)) throw fieldError(`list[${index}].Name`, 'algorithm.duplicateParam');
      names.add(name);
    });
    const params = body.list.map((param) => ({ ...param, Unit: param.Unit ?? null }));
    try {
      return await this.deps.db.transaction(async (tx) => {
        const projectId = body.ProjectId ?? body.ProjectGuid ?? null;
        if (projectId) assertUnlocked(await visibleProject(tx, auth, projectId, { forUpdate: true }));
        let saved: AlgoRecord | undefined;
        if (body.guid) {
          const existing = await this.algorithm(tx, auth, body.guid);
          if (existing.projectId && existing.projectId !== projectId) {
            assertUnlocked(await visibleProject(tx, auth, existing.projectId, { forUpdate: true }));
          }
          [saved] = await tx
            .update(algorithmTemplates)
            .set({ name: body.Name, detail: body.detail ?? '', projectId, params, updatedAt: new Date() })
            .where(eq(algorithmTemplates.id, existing.id))
            .returning();
        } else {
          [saved] = await tx
            .insert(algorithmTemplates)
            .values({
              companyId: auth.companyId,
              projectId,
              name: body.Name,
              detail: body.detail ?? '',
              params,
            })
            .returning();
        }
        if (!saved) throw new Error('algorithm template save returned nothing');
        return this.toAlgorithm(saved);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Name', 'algorithm.nameTaken');
      throw error;
    }
  }

  async deleteAlgorithm(auth: AuthContext, guid: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const existing = await this.algorithm(tx, auth, guid);
      if (existing.projectId) {
        assertUnlocked(await visibleProject(tx, auth, existing.projectId, { forUpdate: true }));
      }
      await tx.delete(algorithmTemplates).where(eq(algorithmTemplates.id, existing.id));
    });
  }
}
