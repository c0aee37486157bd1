import { HOUSE_MAP_LIMITS, houseMapFieldsSchema, houseMapsRoutes, type HouseMapRow } from '@measure/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, fieldError } from '../../core/app-error.ts';
import { parseFormFields } from '../../core/form-fields.ts';
import { sendPlan } from './plan-reply.ts';
import { sendPlanScene } from './plan-scene-reply.ts';
import { PostDataError, unwrapPostData } from '../../core/normalize-input.ts';
import { downloadName } from '../../core/download-names.ts';
import { REPLY_SENT, registerRoute, type RouteHandler } from '../../core/register-route.ts';
import { sendWorkbook } from '../../core/file-reply.ts';
import { buildHouseMapListSheet } from './house-map-list-sheet.ts';
import type { Services } from '../../services.ts';
import { inspectPlanFile } from './plan-file.ts';
import { acceptPlanUploads, readPlanUpload } from './plan-upload.ts';

/** House types, their files and MeasurePoints, site types and household assignments. */
export async function registerHouseMapsRoutes(
  app: FastifyInstance,
  { houseMaps, pointTypes, houseMapAssignments }: Services,
): Promise<void> {
  registerRoute(app, houseMapsRoutes.houseMapList, async ({ body, user }) => houseMaps.list(user, body));
  registerRoute(app, houseMapsRoutes.exportHouseMapList, async ({ body, user, request, reply }) => {
    const file = await buildHouseMapListSheet(await houseMaps.exportRows(user, body), request.lang);
    await sendWorkbook(reply, file, downloadName('houseTypes', request.lang));
    return REPLY_SENT;
  });
  registerRoute(app, houseMapsRoutes.getHouseMapById, async ({ body, user }) =>
    houseMaps.detail(user, body.HouseMapId),
  );
  registerRoute(app, houseMapsRoutes.houseMapUpdateName, async ({ body, user, setMessage }) => {
    const row = await houseMaps.rename(user, body.HouseMapId, body.Name);
    setMessage('houseMaps.saved');
    return row;
  });
  registerRoute(
    app,
    houseMapsRoutes.saveMeasurePoints,
    async ({ body, user, setMessage }) => {
      const row = await houseMaps.saveMeasurePoints(user, body.HouseMapId, body.MeasurePoints);
      setMessage('houseMaps.saved');
      return row;
    },
    { bodyLimit: HOUSE_MAP_LIMITS.measurePointsBodyBytes },
  );
  registerRoute(app, houseMapsRoutes.removeHouseMap, async ({ body, user }) => {
    await houseMaps.remove(user, [body.HouseMapId]);
    return null;
  });
  registerRoute(app, houseMapsRoutes.removeHouseMaps, async ({ body, user }) => {
    await houseMaps.remove(user, body.Ids);
    return null;
  });
  registerRoute(app, houseMapsRoutes.copyHouseMap, async ({ body, user, setMessage }) => {
    const row = await houseMaps.copy(user, body);
    setMessage('houseMaps.copied');
    return row;
  });
  registerRoute(app, houseMapsRoutes.getHouseMapBase, async ({ body, user, reply }) => {
    const { houseMap, data } = await houseMaps.file(user, body.HouseMapId);
    return sendPlan(reply, houseMap, data, 'inline');
  });
  registerRoute(app, houseMapsRoutes.getHouseMapScene, async ({ body, user, request, reply }) => {
    await sendPlanScene(request, reply, await houseMaps.scene(user, body.HouseMapId));
    return REPLY_SENT;
  });
  registerRoute(app, houseMapsRoutes.downloadDxfById, async ({ body, user, reply }) => {
    const { houseMap, data } = await houseMaps.file(user, body.HouseMapId);
    if (houseMap.mapType !== 'dxf') throw fieldError('id', 'houseMaps.notDxf');
    return sendPlan(reply, houseMap, data, 'attachment');
  });
  registerRoute(app, houseMapsRoutes.getAllPointTypes, async ({ body, user }) =>
    pointTypes.list(user, body.ProjectId),
  );
  registerRoute(app, houseMapsRoutes.savePointType, async ({ body, user, setMessage }) => {
    const saved = await pointTypes.save(user, body);
    setMessage('users.saved');
    return saved;
  });
  registerRoute(app, houseMapsRoutes.removePointTypes, async ({ body, user }) => {
    await pointTypes.remove(user, body.ProjectId, body.Id);
    return null;
  });
  registerRoute(app, houseMapsRoutes.getSelectedBuildingFloorByHouseMap, async ({ body, user }) =>
    houseMapAssignments.selected(user, body.HouseMapId),
  );
  registerRoute(app, houseMapsRoutes.assignHouseMapToFloors, async ({ body, user }) => ({
    Assigned: await houseMapAssignments.assign(user, body),
  }));
  registerRoute(app, houseMapsRoutes.unassignHouseMapFromFloors, async ({ body, user }) => ({
    Removed: await houseMapAssignments.unassign(user, body),
  }));

  // Uploads get their own scope: the multipart parser and its 50 MB limit apply to them alone.
  await app.register(async (scope) => {
    await acceptPlanUploads(scope);
    const save: RouteHandler<typeof houseMapsRoutes.houseMapUpdate> = async ({
      request,
      user,
      setMessage,
    }) => {
      let raw: unknown;
      let file;
      if (request.isMultipart()) {
        const upload = await readPlanUpload(request);
        raw = upload.fields;
        file = upload.file;
      } else {
        try {
          raw = unwrapPostData(request.body ?? {});
        } catch (error) {
          if (error instanceof PostDataError) throw badRequest('errors.invalidPostData');
          throw error;
        }
      }
      const fields = parseFormFields(houseMapFieldsSchema, raw);
      const plan = file ? await inspectPlanFile(file, fields.MapType) : undefined;
      const row: HouseMapRow = await houseMaps.save(user, fields, plan);
      setMessage('houseMaps.saved');
      return row;
    };
    registerRoute(scope, houseMapsRoutes.houseMapUpdate, save);
    registerRoute(scope, houseMapsRoutes.fmsAddHouseMap, save);
  });
}
