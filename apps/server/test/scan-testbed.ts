import { apiRoutes, type RegisterScanBody } from '@measure/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { callRouteResponse } from './call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from './factories.ts';
import { buildTask } from './task-factories.ts';

/** A device's headers: its key and, when given, the Idempotency-Key. */
export const asDevice = (key: string, idempotencyKey?: string) => ({
  headers: {
    authorization: `Device ${key}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  },
});

/** Switches a company's modelling (EnabledModeling) on or off. */
export const setModeling = (t: TestApp, companyId: string, on: boolean) =>
  t.db.update(companies).set({ enabledModeling: on }).where(eq(companies.id, companyId));

export interface ScanTestbed {
  companyId: string;
  planner: BuiltUser;
  device: { id: string; key: string };
  projectId: string;
  /** Households 1#/1/1 and 1#/2/1, items flatness (PL-01) and verticality (PL-02), the device's. */
  taskId: string;
  /** Registers a scan as the device (or `deviceKey`) on the task (or `task`). */
  register(
    body: RegisterScanBody,
    idempotencyKey: string,
    options?: { deviceKey?: string; task?: string; lang?: string },
  ): ReturnType<typeof callRouteResponse<typeof apiRoutes.scanDevice.registerScan>>;
}

/** A company with modelling on, a planner, a device, a project of 6 floors and a task of two households. */
export async function buildScanTestbed(t: TestApp): Promise<ScanTestbed> {
  const companyId = (await buildCompany(t)).id;
  await setModeling(t, companyId, true);
  const planner = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const device = await buildDevice(t, { companyId });
  const projectId = (
    await buildProject(t, { companyId, buildings: [{ number: '1#', stories: 6, households: 2 }] })
  ).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 6 });
  const taskId = await buildTask(t, planner, {
    ProjectId: projectId,
    Households: [1, 2].map((floor) => ({ BuildingNumber: '1#', Floor: floor, Household: 1 })),
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  return {
    companyId,
    planner,
    device,
    projectId,
    taskId,
    register: (body, idempotencyKey, options = {}) =>
      callRouteResponse(
        t.app,
        apiRoutes.scanDevice.registerScan,
        { TaskId: options.task ?? taskId, ...body },
        { ...asDevice(options.deviceKey ?? device.key, idempotencyKey), lang: options.lang },
      ),
  };
}
