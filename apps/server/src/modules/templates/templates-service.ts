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
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { StoredItem, StoredTemplateItem } from '../../db/json-types.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assertUnlocked, touchProject, visibleProject } from '../projects/project-access.ts';
import { ProjectStandardsRepository } from '../project-standards/project-standards-repository.ts';
import { type AlgoRecord, type TemplateRecord, TemplatesRepository } from './templates-repository.ts';

type SaveTemplateBody = RouteBody<typeof measureTemplatesRoutes.updateMeasureTemplate>;
type HouseTypeTemplateBody = RouteBody<typeof measureTemplatesRoutes.updateHouseTypeTemplate>;
type HasInputBody = RouteBody<typeof measureTemplatesRoutes.hasMeasureItemInput>;
type HasInputResult = RouteResult<typeof measureTemplatesRoutes.hasMeasureItemInput>;
type AlgoListBody = RouteBody<typeof algorithmRoutes.getAlgorithmParamTemplateList>;
type AlgoSaveBody = RouteBody<typeof algorithmRoutes.saveAlgorithmParamTemplateDetail>;

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
        copy.classes.filter((item) => item.Enabled).map((item) => [item.MeasureItemId, item] as const),
      ),
    );
  }

  /** The project's templates, creating the default one on first use. */
  private async templates(db: DbExecutor, companyId: string, projectId: string): Promise<TemplateRecord[]> {
    const repository = new TemplatesRepository(db);
    const rows = await repository.templates(companyId, projectId);
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
    const created = await repository.insertDefault(companyId, projectId, '默认模板', items);
    if (created) return [created, ...rows];
    // Another request created it meanwhile: read again (once).
    return repository.templates(companyId, projectId);
  }

  private async toTemplate(db: DbExecutor, record: TemplateRecord, lang: Language): Promise<DesignTemplate> {
    const houseMapIds = await new TemplatesRepository(db).houseMapIdsWithTemplate(
      record.companyId,
      record.projectId,
      record.id,
    );
    return {
      TemplateId: record.id,
      ProjectId: record.projectId,
      Name: record.isDefault ? formatMessage(lang, 'templates.defaultName') : record.name,
      IsDefault: record.isDefault,
      Items: record.items.map((item) => ({
        ...item,
        Name: lang === 'en-US' ? item.NameEn : item.NameZh,
      })),
      HouseMapIds: houseMapIds,
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
      const repository = new TemplatesRepository(tx);
      const values = { name: body.Name, items };
      const saved = existing
        ? await repository.updateTemplate(auth.companyId, existing.id, values)
        : await repository.insertTemplate(auth.companyId, project.id, values);
      if (!saved) throw new Error('template save returned nothing');
      await touchProject(tx, auth, project.id);
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
      await new TemplatesRepository(tx).deleteTemplate(auth.companyId, template.id);
      await touchProject(tx, auth, project.id);
    });
  }

  async applyToHouseType(auth: AuthContext, body: HouseTypeTemplateBody) {
    return this.deps.db.transaction(async (tx) => {
      const repository = new TemplatesRepository(tx);
      const map = await repository.houseMap(auth.companyId, body.HouseMapId);
      if (!map) throw notFound();
      const project = await visibleProject(tx, auth, map.projectId, { forUpdate: true });
      assertUnlocked(project);
      const templates = await this.templates(tx, auth.companyId, project.id);
      const key = body.KeyAndName.Key;
      const template = key ? templates.find((row) => row.id === key) : templates.find((row) => row.isDefault);
      if (!template) throw notFound();
      await repository.setHouseMapTemplate(auth.companyId, map.id, template.isDefault ? null : template.id);
      await touchProject(tx, auth, project.id);
      return { HouseMapId: map.id, TemplateId: template.id, TemplateName: template.name };
    });
  }

  async hasInput(auth: AuthContext, body: HasInputBody, lang: Language): Promise<HasInputResult> {
    const db = this.deps.db;
    await visibleProject(db, auth, body.ProjectId);
    const templates = await this.templates(db, auth.companyId, body.ProjectId);
    let template = templates.find((row) => row.isDefault) as TemplateRecord;
    if (body.HouseMapId) {
      const map = await new TemplatesRepository(db).houseMap(auth.companyId, body.HouseMapId, body.ProjectId);
      if (!map) throw notFound();
      template = templates.find((row) => row.id === map.designTemplateId) ?? template;
    }
    const values = new Set(template.items.map((item) => item.MeasureItemId));
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
      list: record.params,
      UpdateTime: record.updatedAt.toISOString(),
    };
  }

  /** A template the caller may see: company-wide, or of a project the caller may see. */
  private async algorithm(db: DbExecutor, auth: AuthContext, guid: string): Promise<AlgoRecord> {
    const record = await new TemplatesRepository(db).algorithm(auth.companyId, guid);
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
    const keyword = body.Keyword?.toLowerCase();
    const rows = (await new TemplatesRepository(this.deps.db).algorithms(auth, projectId))
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
        const repository = new TemplatesRepository(tx);
        const values = { name: body.Name, detail: body.detail ?? '', projectId, params };
        let saved: AlgoRecord | undefined;
        if (body.guid) {
          const existing = await this.algorithm(tx, auth, body.guid);
          if (existing.projectId && existing.projectId !== projectId) {
            assertUnlocked(await visibleProject(tx, auth, existing.projectId, { forUpdate: true }));
          }
          saved = await repository.updateAlgorithm(auth.companyId, existing.id, values);
        } else {
          saved = await repository.insertAlgorithm(auth.companyId, values);
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
      await new TemplatesRepository(tx).deleteAlgorithm(auth.companyId, existing.id);
    });
  }
}
