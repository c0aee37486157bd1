import type { PageResult, ProjectRow } from '@measure/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { ProjectRepository, type BuildingRecord, type ProjectRecord } from './project-repository.ts';

export interface ProjectPageRequest {
  ProjectName?: string;
  PageSize: number;
  CurrentPage: number;
  OrderBy?: 'Name' | 'CreateTime' | 'UpdateTime';
  AscDesc?: 'asc' | 'desc';
}

function toRow(project: ProjectRecord, buildings: BuildingRecord[]): ProjectRow {
  return {
    ProjectId: project.id,
    Name: project.name,
    Address: project.address,
    Province: project.province,
    City: project.city,
    District: project.district,
    ProjectManager: project.projectManager,
    RegionalCompany: project.regionalCompany,
    BuildingCount: buildings.length,
    DetailsInfo: buildings.map((building) => ({
      BuildingNumber: building.buildingNumber,
      Stories: building.stories,
      Households: building.households,
      DeliveryStandard: building.deliveryStandard === 'fine' ? 'fine' : 'none',
    })),
    IsPublished: project.isPublished,
    CreateTime: project.createdAt.toISOString(),
    UpdateTime: project.updatedAt.toISOString(),
  };
}

export class ProjectService {
  private readonly repository: ProjectRepository;

  constructor(db: Database) {
    this.repository = new ProjectRepository(db);
  }

  /** Company-wide for administrators, assigned projects for the other roles (row scope). */
  async page(auth: AuthContext, request: ProjectPageRequest): Promise<PageResult<ProjectRow>> {
    const { rows, total } = await this.repository.page({
      companyId: auth.companyId,
      assignedUserId: auth.projectScope === 'assigned' ? auth.userId : undefined,
      nameContains: request.ProjectName,
      orderBy: request.OrderBy ?? 'CreateTime',
      ascending: (request.AscDesc ?? (request.OrderBy === 'Name' ? 'asc' : 'desc')) === 'asc',
      limit: request.PageSize,
      offset: (request.CurrentPage - 1) * request.PageSize,
    });
    const buildings = await this.repository.buildingsOf(
      auth.companyId,
      rows.map((row) => row.id),
    );
    return {
      Items: rows.map((row) =>
        toRow(
          row,
          buildings.filter((building) => building.projectId === row.id),
        ),
      ),
      Total: total,
      PageSize: request.PageSize,
      CurrentPage: request.CurrentPage,
    };
  }
}
