import {
  ErrorCode,
  formatMessage,
  logParamsIn,
  type Language,
  type PageResult,
  type ProjectHome,
  type ProjectLog,
  type ProjectRow,
  type RouteBody,
  type RouteQuery,
  type projectsRoutes,
  exportPageOf,
} from '@measure/contract';
import { AppError, conflict } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { UserAdminRepository } from '../user-admin/user-admin-repository.ts';
import type { PlanFileStore } from '../house-maps/file-store.ts';
import { assertUnlocked, logParams, visibleProject, writeProjectLog } from './project-access.ts';
import { ProjectPageReader, type ProjectPageRow } from './project-page-repository.ts';
import {
  ProjectRepository,
  type BuildingRecord,
  type BuildingValues,
  type ProjectRecord,
  type ProjectValues,
} from './project-repository.ts';
import { ProjectStandardsRepository } from '../project-standards/project-standards-repository.ts';

export type ProjectPageRequest = RouteBody<typeof projectsRoutes.getPage>;
export type AddProjectBody = RouteBody<typeof projectsRoutes.add>;
export type UpdateProjectBody = RouteBody<typeof projectsRoutes.update>;
export type ProjectLogQuery = RouteQuery<typeof projectsRoutes.projectLogGetList>;

const buildingInUse = (number: string) =>
  new AppError(ErrorCode.Conflict, 'projects.buildingInUse', { number }, [
    { field: 'DetailsInfo', key: 'projects.buildingInUse', params: { number } },
  ]);

export const toBuilding = (building: BuildingRecord) => ({
  BuildingNumber: building.buildingNumber,
  Stories: building.stories,
  Households: building.households,
  DeliveryStandard: building.deliveryStandard === 'fine' ? ('fine' as const) : ('none' as const),
});

function toRow(project: ProjectRecord, buildings: BuildingRecord[], userIds: string[]): ProjectRow {
  return {
    ProjectId: project.id,
    Name: project.name,
    Address: project.address,
    Province: project.province,
    City: project.city,
    District: project.district,
    DetailedAddress: project.detailedAddress,
    ProjectManager: project.projectManager,
    RegionalCompany: project.regionalCompany,
    BuildingCount: buildings.length,
    DetailsInfo: buildings.map(toBuilding),
    UserIds: userIds,
    IsPublished: project.isPublished,
    PublishTime: project.publishedAt?.toISOString() ?? null,
    CreateTime: project.createdAt.toISOString(),
    UpdateTime: project.updatedAt.toISOString(),
  };
}

const toPageRow = (row: ProjectPageRow): ProjectRow => ({
  ProjectId: row.id,
  Name: row.name,
  Address: row.address,
  Province: row.province,
  City: row.city,
  District: row.district,
  DetailedAddress: row.detailed_address,
  ProjectManager: row.project_manager,
  RegionalCompany: row.regional_company,
  BuildingCount: row.buildings.length,
  DetailsInfo: row.buildings,
  UserIds: row.user_ids,
  IsPublished: row.is_published,
  PublishTime: row.published_at,
  CreateTime: row.created_at,
  UpdateTime: row.updated_at,
});

const projectValues = (body: AddProjectBody): ProjectValues => ({
  name: body.Name,
  address: body.Address ?? null,
  province: body.Province ?? null,
  city: body.City ?? null,
  district: body.District ?? null,
  detailedAddress: body.DetailedAddress ?? null,
  projectManager: body.ProjectManager ?? null,
  regionalCompany: body.RegionalCompany ?? null,
});

const buildingValues = (body: AddProjectBody): BuildingValues[] | undefined =>
  (body.DetailsInfo ?? body.Details)?.map((building) => ({
    buildingNumber: building.BuildingNumber,
    stories: building.Stories,
    households: building.Households,
    deliveryStandard: building.DeliveryStandard,
  }));

/**
 * Projects with their buildings, publishing, the picker and home counts, and the project log. Staff:
 * project-staff-service.ts; the building floor tree with house types: house-map-assignment-service.ts.
 */
export class ProjectService {
  private readonly repository: ProjectRepository;
  private readonly pages: ProjectPageReader;

  constructor(
    private readonly deps: {
      db: Database;
      /** The pool whose connections run named statements with one generic plan (the page). */
      genericPlans: DatabaseHandle['genericPlans'];
      files: PlanFileStore;
      audit: AuditRepository;
    },
  ) {
    this.repository = new ProjectRepository(deps.db);
    this.pages = new ProjectPageReader(deps.genericPlans);
  }

  /** The rows of the list's Excel export: its filters and order, at most LIST_EXPORT_MAX_ROWS. */
  async exportRows(
    auth: AuthContext,
    filter: Omit<ProjectPageRequest, 'PageSize' | 'CurrentPage'>,
  ): Promise<ProjectRow[]> {
    return (await this.page(auth, exportPageOf(filter))).Items;
  }

  /** Company-wide for administrators, assigned projects for the other roles (row scope). */
  async page(auth: AuthContext, request: ProjectPageRequest): Promise<PageResult<ProjectRow>> {
    const query = {
      companyId: auth.companyId,
      assignedUserId: auth.projectScope === 'assigned' ? auth.userId : undefined,
      nameContains: request.ProjectName,
      projectId: request.ProjectId ?? undefined,
      orderBy: request.OrderBy ?? 'CreateTime',
      ascending: (request.AscDesc ?? (request.OrderBy === 'Name' ? 'asc' : 'desc')) === 'asc',
      limit: request.PageSize,
      offset: (request.CurrentPage - 1) * request.PageSize,
    };
    const { rows, total } = await this.pages.page(query);
    return {
      Items: rows.map(toPageRow),
      Total: total ?? (await this.repository.count(query)),
      PageSize: request.PageSize,
      CurrentPage: request.CurrentPage,
    };
  }

  private async toRows(companyId: string, rows: ProjectRecord[]): Promise<ProjectRow[]> {
    const ids = rows.map((row) => row.id);
    const [buildings, staff] = await Promise.all([
      this.repository.buildingsOf(companyId, ids),
      this.repository.staffOf(companyId, ids),
    ]);
    return rows.map((row) =>
      toRow(
        row,
        buildings.filter((building) => building.projectId === row.id),
        staff.filter((entry) => entry.projectId === row.id).map((entry) => entry.userId),
      ),
    );
  }

  async row(auth: AuthContext, projectId: string): Promise<ProjectRow> {
    const project = await visibleProject(this.deps.db, auth, projectId);
    const [row] = await this.toRows(auth.companyId, [project]);
    return row as ProjectRow;
  }

  async add(auth: AuthContext, body: AddProjectBody): Promise<ProjectRow> {
    const values = projectValues(body);
    let projectId = '';
    await this.deps.db.transaction(async (tx) => {
      const repository = new ProjectRepository(tx);
      await new UserAdminRepository(tx).lockCompany(auth.companyId);
      if (await repository.nameTaken(auth.companyId, values.name))
        throw conflict('Name', 'projects.nameTaken');
      projectId = await repository.insert(auth.companyId, auth.userId, values);
      await repository.insertBuildings(
        auth.companyId,
        projectId,
        (buildingValues(body) ?? []).map((building, sort) => ({ ...building, sort })),
      );
      // The manager picked by name is on the project's staff when the name is one user's.
      const managers = values.projectManager
        ? await repository.usersNamed(auth.companyId, values.projectManager)
        : [];
      if (managers.length === 1) await repository.setStaff(auth.companyId, projectId, managers);
      // The project's own copy of the standard library, one per stage (issue 6).
      await new ProjectStandardsRepository(tx).ensureProjectStandards(auth.companyId, projectId);
      await writeProjectLog(tx, auth, projectId, 'projectLog.created', { name: values.name });
    });
    return this.row(auth, projectId);
  }

  /**
   * Changes the fields; buildings are matched by number (case-insensitive): kept ones are updated,
   * missing ones removed, new ones added. A building may not lose floors or households that have
   * house type assignments, nor be removed while it has any (409).
   */
  async update(auth: AuthContext, body: UpdateProjectBody): Promise<ProjectRow> {
    const values = projectValues(body);
    const buildings = buildingValues(body);
    try {
      await this.deps.db.transaction(async (tx) => {
        const repository = new ProjectRepository(tx);
        await new UserAdminRepository(tx).lockCompany(auth.companyId);
        const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
        assertUnlocked(project);
        if (await repository.nameTaken(auth.companyId, values.name, project.id)) {
          throw conflict('Name', 'projects.nameTaken');
        }
        await repository.update(auth.companyId, project.id, values);
        if (buildings) await this.diffBuildings(repository, auth.companyId, project.id, buildings);
        await writeProjectLog(tx, auth, project.id, 'projectLog.updated');
      });
    } catch (error) {
      if (uniqueViolation(error) === 'project_buildings_number_uq') {
        throw conflict('DetailsInfo', 'projects.duplicateBuilding');
      }
      throw error;
    }
    return this.row(auth, body.ProjectId);
  }

  private async diffBuildings(
    repository: ProjectRepository,
    companyId: string,
    projectId: string,
    wanted: BuildingValues[],
  ): Promise<void> {
    const existing = await repository.buildingsOf(companyId, [projectId]);
    const extent = await repository.assignmentExtent(companyId, projectId);
    const byNumber = new Map(existing.map((building) => [building.buildingNumber.toLowerCase(), building]));
    const kept = new Set<string>();
    const added: Array<BuildingValues & { sort: number }> = [];
    for (const [sort, building] of wanted.entries()) {
      const current = byNumber.get(building.buildingNumber.toLowerCase());
      if (!current) {
        added.push({ ...building, sort });
        continue;
      }
      kept.add(current.id);
      const used = extent.get(current.id);
      if (used && (used.floor > building.stories || used.household > building.households)) {
        throw buildingInUse(current.buildingNumber);
      }
      await repository.updateBuilding(companyId, current.id, { ...building, sort });
    }
    const removed = existing.filter((building) => !kept.has(building.id));
    const inUse = removed.find((building) => extent.has(building.id));
    if (inUse) throw buildingInUse(inUse.buildingNumber);
    await repository.deleteBuildings(
      companyId,
      removed.map((building) => building.id),
    );
    await repository.insertBuildings(companyId, projectId, added);
  }

  /** Deletes the project with everything of it in one transaction; its files go after the commit. */
  async delete(auth: AuthContext, projectId: string): Promise<void> {
    let files: string[] = [];
    let name = '';
    await this.deps.db.transaction(async (tx) => {
      const repository = new ProjectRepository(tx);
      const project = await visibleProject(tx, auth, projectId, { forUpdate: true });
      name = project.name;
      files = await repository.storedFilesOf(auth.companyId, project.id);
      await repository.delete(auth.companyId, project.id);
    });
    await this.deps.files.remove(files);
    await this.deps.audit.record({
      event: 'project.deleted',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { project: projectId, name, files: files.length },
    });
  }

  async publish(auth: AuthContext, projectId: string): Promise<ProjectRow> {
    await this.deps.db.transaction(async (tx) => {
      const project = await visibleProject(tx, auth, projectId, { forUpdate: true });
      if (project.isPublished) throw conflict('ProjectId', 'projects.alreadyPublished');
      await new ProjectRepository(tx).update(auth.companyId, project.id, {
        isPublished: true,
        publishedAt: new Date(),
      });
      await writeProjectLog(tx, auth, project.id, 'projectLog.published');
    });
    return this.row(auth, projectId);
  }

  async selectItems(auth: AuthContext): Promise<Array<{ ProjectId: string; Name: string }>> {
    return (await this.repository.visible(auth)).map((project) => ({
      ProjectId: project.id,
      Name: project.name,
    }));
  }

  async home(auth: AuthContext): Promise<ProjectHome> {
    const visible = await this.repository.visible(auth);
    const ids = visible.map((project) => project.id);
    const [buildings, counts] = await Promise.all([
      this.repository.buildingsOf(auth.companyId, ids),
      this.repository.countsOf(auth.companyId, ids),
    ]);
    const projects = visible.map((project) => {
      const own = buildings.filter((building) => building.projectId === project.id);
      const count = counts.get(project.id) ?? { houseMaps: 0, assigned: 0 };
      return {
        ProjectId: project.id,
        Name: project.name,
        IsPublished: project.isPublished,
        BuildingCount: own.length,
        FloorCount: own.reduce((sum, building) => sum + building.stories, 0),
        HouseholdCount: own.reduce((sum, building) => sum + building.stories * building.households, 0),
        HouseMapCount: count.houseMaps,
        AssignedHouseholdCount: count.assigned,
      };
    });
    const sum = (
      key: 'BuildingCount' | 'FloorCount' | 'HouseholdCount' | 'HouseMapCount' | 'AssignedHouseholdCount',
    ) => projects.reduce((total, project) => total + project[key], 0);
    return {
      ProjectCount: projects.length,
      PublishedCount: projects.filter((project) => project.IsPublished).length,
      BuildingCount: sum('BuildingCount'),
      FloorCount: sum('FloorCount'),
      HouseholdCount: sum('HouseholdCount'),
      HouseMapCount: sum('HouseMapCount'),
      AssignedHouseholdCount: sum('AssignedHouseholdCount'),
      Projects: projects,
    };
  }

  async buildings(auth: AuthContext, projectId: string) {
    const project = await visibleProject(this.deps.db, auth, projectId);
    return (await this.repository.buildingsOf(auth.companyId, [project.id])).map((building) => ({
      BuildingId: building.id,
      ...toBuilding(building),
    }));
  }

  async logs(auth: AuthContext, query: ProjectLogQuery, language: Language): Promise<PageResult<ProjectLog>> {
    const project = await visibleProject(this.deps.db, auth, query.ProjectId);
    const { rows, total } = await this.repository.logs(
      auth.companyId,
      project.id,
      query.PageSize,
      (query.CurrentPage - 1) * query.PageSize,
    );
    return {
      Items: rows.map((row) => ({
        Id: row.id,
        ProjectId: row.projectId,
        UserId: row.userId,
        UserName: row.userName,
        Action: row.action,
        Params: row.params,
        Message: formatMessage(
          language,
          row.action as Parameters<typeof formatMessage>[1],
          logParams(logParamsIn(row.params, language), language),
        ),
        CreateTime: row.createdAt.toISOString(),
      })),
      Total: total,
      PageSize: query.PageSize,
      CurrentPage: query.CurrentPage,
    };
  }
}
