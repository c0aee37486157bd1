import { z } from 'zod';
import { robotRowSchema } from './devices.ts';
import { defineRoute } from './define.ts';

/** What a person holds (issue 29: a surveyor sees his own devices, read-only). */
export const myDevicesRoutes = {
  getMyDevices: defineRoute({
    method: 'POST',
    path: '/api/sys/SysDevice/GetMyDevices',
    access: 'authenticated',
    tag: 'devices',
    summary:
      'The devices assigned to the caller (robots and scanners, any role; our path), read-only, with their live ' +
      'health as on the equipment page. Every change to a device stays with device management.',
    body: z.object({}),
    result: z.object({ OfflineAfterSeconds: z.number().int(), Items: z.array(robotRowSchema) }),
  }),
};
