import type { PointType, RouteBody, houseMapsRoutes } from '@measure/contract';
import { conflict, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { assertUnlocked, visibleProject, writeProjectLog } from '../projects/project-access.ts';
import { PointTypeRepository, type PointTypeRecord } from './point-type-repository.ts';

export type SavePointTypeBody = RouteBody<typeof houseMapsRoutes.savePointType>;

export const toPointType = (record: PointTypeRecord): PointType => ({
  Id: record.id,
  Name: record.name,
  ProjectStandardId: record.projectStandardId,
  ProjectGuid: record.projectId,
  ProjectId: record.projectId,
  // Saved by SavePointTypeMeasureItem (modules/project-standards) in this shape.
  MeasureItems: record.items,
  RoomCount: record.roomCount,
  CreateTime: record.createdAt.toISOString(),
});

/** Site types (point types, room types) of a project; their measure items are set in project-standards. */
export class PointTypeService {
  private readonly repository: PointTypeRepository;

  constructor(private readonly deps: { db: Database }) {
    this.repository = new PointTypeRepository(deps.db);
  }

  async list(auth: AuthContext, projectId: string): Promise<PointType[]> {
    const project = await visibleProject(this.deps.db, auth, projectId);
    return (await this.repository.list(auth.companyId, project.id)).map(toPointType);
  }

  /** Creates (allowed in a published project: new data) or renames (locked when published). */
  async save(auth: AuthContext, body: SavePointTypeBody): Promise<PointType> {
    let savedId = body.Id ?? '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const repository = new PointTypeRepository(tx);
        const project = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
        if (body.Id) {
          if (!(await repository.list(auth.companyId, project.id)).some((type) => type.id === body.Id))
            throw notFound();
          assertUnlocked(project);
        }
        if (await repository.nameTaken(auth.companyId, project.id, body.Name, body.Id ?? undefined)) {
          throw conflict('Name', 'pointTypes.nameTaken');
        }
        const values = { name: body.Name, projectStandardId: body.ProjectStandardId ?? null };
        if (body.Id) await repository.update(auth.companyId, body.Id, values);
        else
          savedId = await repository.insert({
            companyId: auth.companyId,
            projectId: project.id,
            ...values,
          });
        await writeProjectLog(tx, auth, project.id, 'projectLog.pointTypeSaved', { name: body.Name });
      });
    } catch (error) {
      if (uniqueViolation(error) === 'point_types_project_name_uq')
        throw conflict('Name', 'pointTypes.nameTaken');
      throw error;
    }
    const saved = (await this.repository.list(auth.companyId, body.ProjectId)).find(
      (type) => type.id === savedId,
    );
    if (!saved) throw notFound();
    return toPointType(saved);
  }

  async remove(auth: AuthContext, projectId: string, pointTypeId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repository = new PointTypeRepository(tx);
      const project = await visibleProject(tx, auth, projectId, { forUpdate: true });
      const type = (await repository.list(auth.companyId, project.id)).find(
        (candidate) => candidate.id === pointTypeId,
      );
      if (!type) throw notFound();
      assertUnlocked(project);
      if (type.roomCount > 0) throw conflict('Id', 'pointTypes.inUse');
      await repository.delete(auth.companyId, type.id);
      await writeProjectLog(tx, auth, project.id, 'projectLog.pointTypeRemoved', { name: type.name });
    });
  }
}
