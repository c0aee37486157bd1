import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { StoredAlgorithmParam, StoredTemplateItem } from '../../db/json-types.ts';
import { algorithmTemplates, designTemplates, houseMaps } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';

export type TemplateRecord = typeof designTemplates.$inferSelect;
export type AlgoRecord = typeof algorithmTemplates.$inferSelect;
export interface AlgoValues {
  name: string;
  detail: string;
  projectId: string | null;
  params: StoredAlgorithmParam[];
}

/** Design value templates of projects (with the house types using them) and algorithm parameter templates. */
export class TemplatesRepository {
  constructor(private readonly db: DbExecutor) {}

  // ---- design value templates ----

  async templates(companyId: string, projectId: string): Promise<TemplateRecord[]> {
    return this.db
      .select()
      .from(designTemplates)
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.projectId, projectId)));
  }

  /** Creates the project's default template unless another request did meanwhile (then undefined). */
  async insertDefault(
    companyId: string,
    projectId: string,
    name: string,
    items: StoredTemplateItem[],
  ): Promise<TemplateRecord | undefined> {
    const [created] = await this.db
      .insert(designTemplates)
      .values({ companyId, projectId, name, isDefault: true, items })
      .onConflictDoNothing()
      .returning();
    return created;
  }

  async insertTemplate(
    companyId: string,
    projectId: string,
    values: { name: string; items: StoredTemplateItem[] },
  ): Promise<TemplateRecord | undefined> {
    const [saved] = await this.db
      .insert(designTemplates)
      .values({ companyId, projectId, ...values })
      .returning();
    return saved;
  }

  async updateTemplate(
    companyId: string,
    id: string,
    values: { name: string; items: StoredTemplateItem[] },
  ): Promise<TemplateRecord | undefined> {
    const [saved] = await this.db
      .update(designTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.id, id)))
      .returning();
    return saved;
  }

  async deleteTemplate(companyId: string, id: string): Promise<void> {
    await this.db
      .delete(designTemplates)
      .where(and(eq(designTemplates.companyId, companyId), eq(designTemplates.id, id)));
  }

  /** The house types of a project that use a template. */
  async houseMapIdsWithTemplate(companyId: string, projectId: string, templateId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: houseMaps.id })
      .from(houseMaps)
      .where(
        and(
          eq(houseMaps.companyId, companyId),
          eq(houseMaps.projectId, projectId),
          eq(houseMaps.designTemplateId, templateId),
        ),
      );
    return rows.map((row) => row.id);
  }

  /** A house type of the company (of the project, when given) with its template. */
  async houseMap(
    companyId: string,
    houseMapId: string,
    projectId?: string,
  ): Promise<{ id: string; projectId: string; designTemplateId: string | null } | undefined> {
    const conditions: SQL[] = [eq(houseMaps.companyId, companyId), eq(houseMaps.id, houseMapId)];
    if (projectId) conditions.push(eq(houseMaps.projectId, projectId));
    const [map] = await this.db
      .select({
        id: houseMaps.id,
        projectId: houseMaps.projectId,
        designTemplateId: houseMaps.designTemplateId,
      })
      .from(houseMaps)
      .where(and(...conditions));
    return map;
  }

  /** Sets a house type's design value template (null: the project's default). */
  async setHouseMapTemplate(companyId: string, houseMapId: string, templateId: string | null): Promise<void> {
    await this.db
      .update(houseMaps)
      .set({ designTemplateId: templateId, updatedAt: new Date() })
      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.id, houseMapId)));
  }

  // ---- algorithm parameter templates ----

  async algorithm(companyId: string, id: string): Promise<AlgoRecord | undefined> {
    const [record] = await this.db
      .select()
      .from(algorithmTemplates)
      .where(and(eq(algorithmTemplates.companyId, companyId), eq(algorithmTemplates.id, id)));
    return record;
  }

  /**
   * The company's algorithm templates: company-wide ones and those of one project (`projectId`), or of
   * every project the caller may see.
   */
  async algorithms(auth: AuthContext, projectId: string | undefined): Promise<AlgoRecord[]> {
    const scope = projectId
      ? or(isNull(algorithmTemplates.projectId), eq(algorithmTemplates.projectId, projectId))
      : or(isNull(algorithmTemplates.projectId), visibleProjectCondition(auth, algorithmTemplates.projectId));
    return this.db
      .select()
      .from(algorithmTemplates)
      .where(and(eq(algorithmTemplates.companyId, auth.companyId), scope));
  }

  async insertAlgorithm(companyId: string, values: AlgoValues): Promise<AlgoRecord | undefined> {
    const [saved] = await this.db
      .insert(algorithmTemplates)
      .values({ companyId, ...values })
      .returning();
    return saved;
  }

  async updateAlgorithm(companyId: string, id: string, values: AlgoValues): Promise<AlgoRecord | undefined> {
    const [saved] = await this.db
      .update(algorithmTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(algorithmTemplates.companyId, companyId), eq(algorithmTemplates.id, id)))
      .returning();
    return saved;
  }

  async deleteAlgorithm(companyId: string, id: string): Promise<void> {
    await this.db
      .delete(algorithmTemplates)
      .where(and(eq(algorithmTemplates.companyId, companyId), eq(algorithmTemplates.id, id)));
  }
}
