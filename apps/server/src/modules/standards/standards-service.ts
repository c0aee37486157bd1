import {
  duplicateItemIndex,
  ErrorCode,
  STANDARD_LIMITS,
  type Language,
  type MeasureItemInput,
  type MeasureItemRow,
  type MeasureRuleInput,
  type PageResult,
  type RouteBody,
  type Stage,
  type standardsRoutes,
} from '@measure/contract';
import { AppError, conflict, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { ProjectStandardsService } from '../project-standards/project-standards-service.ts';
import { UserAdminRepository } from '../user-admin/user-admin-repository.ts';
import { DEFAULT_RULE } from './default-items.ts';
import { libraryRow } from './item-rows.ts';
import { type ItemRecord, StandardsRepository, sortItems } from './standards-repository.ts';

type ConditionBody = RouteBody<typeof standardsRoutes.getListCondition>;
type UpdateBody = RouteBody<typeof standardsRoutes.update>;

export const itemNotFound = () => new AppError(ErrorCode.NotFound, 'standards.itemNotFound');

/** Library values of an input item (the rule is kept on update, defaulted on create). */
function itemValues(input: MeasureItemInput) {
  return {
    code: input.Code,
    nameZh: input.NameZh,
    nameEn: input.NameEn,
    stage: input.Stage,
    mode: input.Mode,
    concrete: input.Concrete,
    dimension: input.Dimension,
    needsDesign: input.NeedsDesign,
    ...(input.External !== undefined && { external: input.External }),
    standards: input.Standards.map((standard) => ({ ...standard, NameEn: standard.NameEn ?? null })),
  };
}

/** The company standard library (measure items with their standards) and the measure rules. */
export class StandardsService {
  constructor(private readonly deps: { db: Database; projectStandards: ProjectStandardsService }) {}

  // ---- the library ----

  async list(auth: AuthContext, lang: Language): Promise<MeasureItemRow[]> {
    const items = await new StandardsRepository(this.deps.db).items(auth.companyId);
    return items.map((item) => libraryRow(item, lang));
  }

  async listCondition(
    auth: AuthContext,
    body: ConditionBody,
    lang: Language,
  ): Promise<PageResult<MeasureItemRow>> {
    const keyword = body.Keyword?.toLowerCase();
    let items = (await new StandardsRepository(this.deps.db).items(auth.companyId)).filter(
      (item) =>
        (!body.Stage || item.stage === body.Stage) &&
        (!body.Mode || item.mode === body.Mode) &&
        (!keyword ||
          [item.code, item.nameZh, item.nameEn].some((text) => text.toLowerCase().includes(keyword))),
    );
    if (body.OrderBy === 'Code') items.sort((a, b) => a.code.localeCompare(b.code));
    if (body.OrderBy === 'UpdateTime') items.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
    if (body.OrderBy && body.AscDesc === 'desc') items = items.reverse();
    const start = (body.CurrentPage - 1) * body.PageSize;
    return {
      Items: items.slice(start, start + body.PageSize).map((item) => libraryRow(item, lang)),
      Total: items.length,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** Update: the project copy of one stage when ProjectStandardId is sent, else the library. */
  async update(auth: AuthContext, body: UpdateBody, lang: Language): Promise<MeasureItemRow[]> {
    const copyId = body.ProjectStandardId ?? body.MsProjectStandardId;
    if (copyId) return this.deps.projectStandards.updateCopy(auth, copyId, body, lang);
    if (body.CompanyGuid && body.CompanyGuid !== auth.companyId) throw notFound();
    return this.updateLibrary(auth, body.Classes, lang);
  }

  private async updateLibrary(
    auth: AuthContext,
    classes: MeasureItemInput[],
    lang: Language,
  ): Promise<MeasureItemRow[]> {
    const inside = duplicateItemIndex(classes);
    if (inside >= 0) throw conflict(`Classes[${inside}].Code`, 'standards.duplicateItem');
    return this.deps.db.transaction(async (tx) => {
      await new UserAdminRepository(tx).lockCompany(auth.companyId);
      const repository = new StandardsRepository(tx);
      const existing = await repository.items(auth.companyId);
      const byId = new Map(existing.map((item) => [item.id, item]));
      for (const input of classes) {
        if (input.MeasureItemId && !byId.has(input.MeasureItemId)) {
          throw itemNotFound();
        }
      }
      // The library as it will be: untouched items plus the sent ones; no duplicates allowed.
      const sentIds = new Set(classes.flatMap((input) => (input.MeasureItemId ? [input.MeasureItemId] : [])));
      const untouched = existing
        .filter((item) => !sentIds.has(item.id))
        .map((item) => ({
          Code: item.code,
          NameZh: item.nameZh,
          NameEn: item.nameEn,
          Stage: item.stage as Stage,
        }));
      const clash = duplicateItemIndex([...untouched, ...classes]);
      if (clash >= 0) throw conflict(`Classes[${clash - untouched.length}].Code`, 'standards.duplicateItem');
      if (untouched.length + classes.length > STANDARD_LIMITS.maxItems) {
        throw new AppError(ErrorCode.BadRequest, 'standards.tooManyItems', {}, [
          { field: 'Classes', key: 'standards.tooManyItems' },
        ]);
      }
      const saved: ItemRecord[] = [];
      for (const input of classes) {
        saved.push(
          input.MeasureItemId
            ? await repository.updateItem(auth.companyId, input.MeasureItemId, itemValues(input))
            : await repository.insertItem(auth.companyId, {
                ...itemValues(input),
                rule: DEFAULT_RULE,
                sort: existing.length + saved.length,
              }),
        );
      }
      return sortItems(saved).map((item) => libraryRow(item, lang));
    });
  }

  async deleteItems(auth: AuthContext, ids: string[]): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repository = new StandardsRepository(tx);
      const unique = [...new Set(ids)];
      const found = await repository.itemsByIds(auth.companyId, unique);
      if (found.length !== unique.length) throw itemNotFound();
      await repository.deleteItems(auth.companyId, unique);
    });
  }

  // ---- measure rules ----

  async rules(auth: AuthContext, stage: Stage | undefined, lang: Language): Promise<MeasureItemRow[]> {
    const rows = await this.list(auth, lang);
    return stage ? rows.filter((row) => row.Stage === stage) : rows;
  }

  async saveRule(auth: AuthContext, input: MeasureRuleInput, lang: Language): Promise<MeasureItemRow> {
    const repository = new StandardsRepository(this.deps.db);
    const [item] = await repository.itemsByIds(auth.companyId, [input.MeasureItemId]);
    if (!item) throw itemNotFound();
    const { MeasureItemId: _id, ...rule } = input;
    return libraryRow(await repository.updateItem(auth.companyId, item.id, { rule }), lang);
  }
}
