import type { RouteResult, tasksRoutes } from '@measure/contract';

type Options = RouteResult<typeof tasksRoutes.getTaskOptions> | undefined;

/** Devices a planner picks from: number, and who holds it. */
export const deviceOptions = (options: Options) =>
  (options?.Devices ?? []).map((device) => ({
    value: device.DeviceGuid,
    label: device.DeviceUserName ? `${device.DeviceNumber} (${device.DeviceUserName})` : device.DeviceNumber,
  }));

/** People a planner picks as surveyors: name and roles. */
export const surveyorOptions = (options: Options) =>
  (options?.Surveyors ?? []).map((person) => ({
    value: person.UserId,
    label: person.RoleNames.length > 0 ? `${person.Name} (${person.RoleNames.join(', ')})` : person.Name,
  }));
