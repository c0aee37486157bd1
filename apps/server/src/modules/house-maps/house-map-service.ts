import {
  ErrorCode,
  type HouseMapDetail,
  type HouseMapFields,
  type HouseMapRow,
  type MeasurePoints,
  type MessageKey,
  type MessageParams,
  type PageResult,
  type RouteBody,
  type houseMapsRoutes,
  exportPageOf,
} from '@measure/contract';
import { AppError, conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { PlanFileStore } from './file-store.ts';
import { visibleHouseMap } from './house-map-access.ts';
import { HouseMapRepository, type HouseMapRecord } from './house-map-repository.ts';
import type { PlanFile } from './plan-file.ts';
import { PlanSceneStore, type StoredScene } from './plan-scene.ts';
import { assertUnlocked, touchProject, visibleProject, writeProjectLog } from '../projects/project-access.ts';
import { PointTypeRepository } from './point-type-repository.ts';

export type HouseMapListBody = RouteBody<typeof houseMapsRoutes.houseMapList>;
export type CopyHouseMapBody = RouteBody<typeof houseMapsRoutes.copyHouseMap>;

const EMPTY_POINTS: MeasurePoints = { Rooms: [], Stations: [], Points: [] };

export function toHouseMapRow(record: HouseMapRecord): HouseMapRow {
  return {
    HouseMapId: record.id,
    ProjectId: record.projectId,
    ProjectName: record.projectName,
    Name: record.name,
    MapType: record.mapType === 'dxf' ? 'dxf' : 'image',
    Status: record.status,
    FloorArea: Number(record.floorArea),
    StandardFloor: record.standardFloor,
    FileName: record.fileName,
    FileSize: record.fileSize,
    ContentType: record.contentType,
    Width: record.width,
    Height: record.height,
    RoomCount: record.rooms,
    StationCount: record.stations,
    PointCount: record.points,
    AssignedHouseholds: record.assigned,
    CreateTime: record.createdAt.toISOString(),
    UpdateTime: record.updatedAt.toISOString(),
  };
}

const conflictWith = (field: string, key: MessageKey, params: MessageParams) =>
  new AppError(ErrorCode.Conflict, key, params, [{ field, key, params }]);

/**
 * House types (floor plans) with their files and MeasurePoints. Site types: point-type-service.ts;
 * household assignments: house-map-assignment-service.ts.
 */
export class HouseMapService {
  private readonly repository: HouseMapRepository;

  constructor(private readonly deps: { db: Database; files: PlanFileStore; scenes: PlanSceneStore }) {
    this.repository = new HouseMapRepository(deps.db);
  }

  /** The rows of the list's Excel export: its filters and order, at most LIST_EXPORT_MAX_ROWS. */
  async exportRows(
    auth: AuthContext,
    filter: Omit<HouseMapListBody, 'PageSize' | 'CurrentPage'>,
  ): Promise<HouseMapRow[]> {
    return (await this.list(auth, exportPageOf(filter))).Items;
  }

  async list(auth: AuthContext, body: HouseMapListBody): Promise<PageResult<HouseMapRow>> {
    const { rows, total } = await this.repository.page(auth, {
      projectId: body.ProjectId ?? body.ProjectGuid ?? undefined,
      excludeProjectId: body.ExcludeProjectId ?? undefined,
      houseMapId: body.HouseMapId ?? undefined,
      nameContains: body.Name,
      orderBy: body.OrderBy ?? 'CreateTime',
      ascending: (body.AscDesc ?? (body.OrderBy === 'Name' ? 'asc' : 'desc')) === 'asc',
      limit: body.PageSize,
      offset: (body.CurrentPage - 1) * body.PageSize,
    });
    return {
      Items: rows.map(toHouseMapRow),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  async row(auth: AuthContext, houseMapId: string): Promise<HouseMapRow> {
    return toHouseMapRow((await visibleHouseMap(this.deps.db, auth, houseMapId)).houseMap);
  }

  async detail(auth: AuthContext, houseMapId: string): Promise<HouseMapDetail> {
    const { houseMap } = await visibleHouseMap(this.deps.db, auth, houseMapId);
    const points = await this.repository.measurePoints(auth.companyId, houseMap.id);
    return { ...toHouseMapRow(houseMap), MeasurePoints: points ?? EMPTY_POINTS };
  }

  /** The plan file of a visible house type. */
  async file(auth: AuthContext, houseMapId: string): Promise<{ houseMap: HouseMapRecord; data: Buffer }> {
    const { houseMap } = await visibleHouseMap(this.deps.db, auth, houseMapId);
    try {
      return { houseMap, data: await this.deps.files.read(houseMap.storedName) };
    } catch (error) {
      // A file removed from the disk behind the server's back is gone for the caller too.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw error;
    }
  }

  /** The scene the `houseMaps:buildScene` job prepared for a visible DXF plan; 404 while there is none. */
  async scene(auth: AuthContext, houseMapId: string): Promise<StoredScene> {
    const { houseMap } = await visibleHouseMap(this.deps.db, auth, houseMapId);
    const scene = await this.deps.scenes.find(houseMap.storedName);
    if (!scene) throw notFound();
    return scene;
  }

  /**
   * Creates (no HouseMapId; file required) or changes a house type. The file is written inside the
   * transaction (temp, fsync, rename) and removed again when anything fails, so no orphan is left;
   * a replaced file is removed after the commit.
   */
  async save(auth: AuthContext, fields: HouseMapFields, plan: PlanFile | undefined): Promise<HouseMapRow> {
    const written: string[] = [];
    let replaced: string | undefined;
    let savedId = fields.HouseMapId ?? '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const repository = new HouseMapRepository(tx);
        const project = await visibleProject(tx, auth, fields.ProjectId, { forUpdate: true });
        const existing = fields.HouseMapId
          ? await repository.findInProject(auth.companyId, project.id, fields.HouseMapId)
          : undefined;
        if (fields.HouseMapId && !existing) throw notFound();
        if (existing) assertUnlocked(project);
        if (existing && !plan && fields.MapType && fields.MapType !== existing.mapType) {
          throw fieldError('MapType', 'houseMaps.mapTypeMismatch');
        }
        if (await repository.nameTaken(auth.companyId, project.id, fields.Name, existing?.id)) {
          throw conflict('Name', 'houseMaps.nameTaken');
        }
        const values = {
          name: fields.Name,
          floorArea: fields.FloorArea.toFixed(2),
          standardFloor: fields.StandardFloor ?? existing?.standardFloor ?? true,
        };
        const file = plan
          ? {
              mapType: plan.mapType,
              fileName: plan.fileName,
              fileSize: plan.data.length,
              contentType: plan.contentType,
              storedName: await this.deps.files.write(plan.data, plan.extension),
              width: plan.width,
              height: plan.height,
            }
          : undefined;
        if (file) written.push(file.storedName);
        if (file) await repository.queueScene(file.storedName);
        if (existing) {
          await repository.update(auth.companyId, existing.id, { ...values, ...file });
          if (file) replaced = existing.storedName;
          await writeProjectLog(tx, auth, project.id, 'projectLog.houseMapUpdated', { name: fields.Name });
        } else {
          if (!file) throw fieldError('File', 'houseMaps.fileRequired');
          savedId = await repository.insert({
            companyId: auth.companyId,
            projectId: project.id,
            ...values,
            ...file,
          });
          await writeProjectLog(tx, auth, project.id, 'projectLog.houseMapCreated', { name: fields.Name });
        }
        await touchProject(tx, auth, project.id);
      });
    } catch (error) {
      await this.deps.files.remove(written);
      if (uniqueViolation(error) === 'house_maps_project_name_uq')
        throw conflict('Name', 'houseMaps.nameTaken');
      throw error;
    }
    if (replaced) await this.removeFiles([replaced]);
    return this.row(auth, savedId);
  }

  async rename(auth: AuthContext, houseMapId: string, name: string): Promise<HouseMapRow> {
    try {
      await this.deps.db.transaction(async (tx) => {
        const { houseMap, project } = await visibleHouseMap(tx, auth, houseMapId, true);
        assertUnlocked(project);
        const repository = new HouseMapRepository(tx);
        if (await repository.nameTaken(auth.companyId, project.id, name, houseMap.id))
          throw conflict('Name', 'houseMaps.nameTaken');
        await repository.update(auth.companyId, houseMap.id, { name });
        await writeProjectLog(tx, auth, project.id, 'projectLog.houseMapRenamed', {
          old: houseMap.name,
          name,
        });
      });
    } catch (error) {
      if (uniqueViolation(error) === 'house_maps_project_name_uq')
        throw conflict('Name', 'houseMaps.nameTaken');
      throw error;
    }
    return this.row(auth, houseMapId);
  }

  /** Replaces the MeasurePoints; every room's site type must be one of the project's. */
  async saveMeasurePoints(
    auth: AuthContext,
    houseMapId: string,
    points: MeasurePoints,
  ): Promise<HouseMapRow> {
    await this.deps.db.transaction(async (tx) => {
      const { houseMap, project } = await visibleHouseMap(tx, auth, houseMapId, true);
      assertUnlocked(project);
      const types = await new PointTypeRepository(tx).list(auth.companyId, project.id);
      const known = new Set(types.map((type) => type.id));
      const unknown = points.Rooms.findIndex(
        (room) => room.PointTypeId !== null && !known.has(room.PointTypeId),
      );
      if (unknown >= 0) {
        throw fieldError(`MeasurePoints.Rooms[${unknown}].PointTypeId`, 'houseMaps.unknownPointType');
      }
      await new HouseMapRepository(tx).update(auth.companyId, houseMap.id, {
        measurePoints: points,
        status: 1,
      });
      await writeProjectLog(tx, auth, project.id, 'projectLog.measurePointsSaved', {
        name: houseMap.name,
        rooms: points.Rooms.length,
        points: points.Points.length,
      });
    });
    return this.row(auth, houseMapId);
  }

  /** Deletes house types and their files, all or nothing; refused while assigned (409) or published (423). */
  async remove(auth: AuthContext, houseMapIds: readonly string[]): Promise<void> {
    const unique = [...new Set(houseMapIds)];
    const files: string[] = [];
    await this.deps.db.transaction(async (tx) => {
      const repository = new HouseMapRepository(tx);
      for (const id of unique) {
        const { houseMap, project } = await visibleHouseMap(tx, auth, id, true);
        assertUnlocked(project);
        if (houseMap.assigned > 0) throw conflictWith('Ids', 'houseMaps.inUse', {});
        files.push(houseMap.storedName);
        await writeProjectLog(tx, auth, project.id, 'projectLog.houseMapRemoved', { name: houseMap.name });
      }
      await repository.delete(auth.companyId, unique);
    });
    await this.removeFiles(files);
  }

  /** Plan files and the scenes built from them. */
  private async removeFiles(storedNames: string[]): Promise<void> {
    await this.deps.files.remove(storedNames);
    await this.deps.scenes.removeFor(storedNames);
  }

  /**
   * Copies a house type (file and MeasurePoints) into a project of the company. Site types of its
   * rooms are matched by name in the target project and created there when missing.
   */
  async copy(auth: AuthContext, body: CopyHouseMapBody): Promise<HouseMapRow> {
    const written: string[] = [];
    let savedId = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const repository = new HouseMapRepository(tx);
        const { houseMap: source } = await visibleHouseMap(tx, auth, body.HouseMapId);
        const target = await visibleProject(tx, auth, body.ProjectId, { forUpdate: true });
        if (await repository.nameTaken(auth.companyId, target.id, body.Name))
          throw conflict('Name', 'houseMaps.nameTaken');
        const points = await repository.measurePoints(auth.companyId, source.id);
        let mapped: MeasurePoints | null = points;
        if (points && source.projectId !== target.id) {
          const pointTypes = new PointTypeRepository(tx);
          const sourceTypes = new Map(
            (await pointTypes.list(auth.companyId, source.projectId)).map((t) => [t.id, t]),
          );
          const targetTypes = await pointTypes.list(auth.companyId, target.id);
          const mapping = new Map<string, string>();
          for (const room of points.Rooms) {
            const id = room.PointTypeId;
            if (id === null || mapping.has(id)) continue;
            const type = sourceTypes.get(id);
            if (!type) continue;
            const same = targetTypes.find(
              (candidate) => candidate.name.toLowerCase() === type.name.toLowerCase(),
            );
            mapping.set(
              id,
              same?.id ??
                (await pointTypes.insert({
                  companyId: auth.companyId,
                  projectId: target.id,
                  name: type.name,
                  projectStandardId: type.projectStandardId,
                })),
            );
          }
          mapped = {
            ...points,
            Rooms: points.Rooms.map((room) => ({
              ...room,
              PointTypeId: room.PointTypeId === null ? null : (mapping.get(room.PointTypeId) ?? null),
            })),
          };
        }
        const storedName = await this.deps.files.copy(source.storedName);
        written.push(storedName);
        await repository.queueScene(storedName);
        savedId = await repository.insert({
          companyId: auth.companyId,
          projectId: target.id,
          name: body.Name,
          mapType: source.mapType,
          floorArea: source.floorArea,
          standardFloor: source.standardFloor,
          fileName: source.fileName,
          fileSize: source.fileSize,
          contentType: source.contentType,
          storedName,
          width: source.width,
          height: source.height,
          measurePoints: mapped,
          status: source.status,
        });
        await writeProjectLog(tx, auth, target.id, 'projectLog.houseMapCopied', {
          name: body.Name,
          from: source.projectName,
        });
        await touchProject(tx, auth, target.id);
      });
    } catch (error) {
      await this.deps.files.remove(written);
      if (uniqueViolation(error) === 'house_maps_project_name_uq')
        throw conflict('Name', 'houseMaps.nameTaken');
      throw error;
    }
    return this.row(auth, savedId);
  }

  /** Removes plan files (and their scenes) no house type refers to (left by a crash), older than a minute. */
  async sweepOrphanFiles(olderThanMs = 60_000): Promise<string[]> {
    const known = await this.repository.allStoredNames();
    const scenes = new Set([...known].flatMap((name) => PlanSceneStore.namesOf(name)));
    const removedScenes = await this.deps.scenes.sweep(scenes, olderThanMs);
    return [...(await this.deps.files.sweep(known, olderThanMs)), ...removedScenes];
  }
}
