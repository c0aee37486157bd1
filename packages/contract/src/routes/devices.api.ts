import { z } from 'zod';
import { defineRoute } from './define.ts';
import { DEVICE_LIMITS, robotHealthSchema } from './devices.ts';

/**
 * The device API of measurement-api.md section 3, under /api/device/v1/. Every call sends
 * `Authorization: Device <DeviceKey>`; a missing, wrong, rotated or revoked key answers HTTP 401.
 */
export const heartbeatBodySchema = robotHealthSchema.extend({
  SoftwareVersion: z.string().trim().max(64).nullish(),
  Battery: z.number().min(0).max(100).nullish(),
  DiskFreeMB: z.number().min(0).max(1e12).nullish(),
});
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

export const deviceApiRoutes = {
  heartbeat: defineRoute({
    method: 'POST',
    path: '/api/device/v1/Heartbeat',
    access: 'device',
    tag: 'device-api',
    summary:
      'Authorization: Device <DeviceKey> (not a session). A device reports its health (robot health state, SoftwareVersion, Battery 0-100, DiskFreeMB). ' +
      `Result: the server time and the next heartbeat interval (${DEVICE_LIMITS.heartbeatMs} ms).`,
    body: heartbeatBodySchema,
    result: z.object({ ServerTime: z.string(), NextHeartbeatMs: z.number().int() }),
  }),
};
