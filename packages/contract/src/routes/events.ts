import { z } from 'zod';
import { figuresSchema } from '../figures.ts';
import { defineRoute } from './define.ts';
import { DATA_BACKUP_STATES } from './data-backup.ts';
import { MESSAGE_KINDS } from './notifications.messages.ts';
import { REPORT_STATUSES } from './reports.ts';
import { TASK_STATES } from './tasks.ts';
import { WORK_ORDER_STATES } from './work-orders.ts';

/**
 * Live events (measurement-api.md section 10): `GET /api/events` is a Server-Sent Events stream of
 * what changed in the caller's scope. Events are notifications, not data: a page refreshes what the
 * event names. Each event has `event: <name>`, `id: <decimal>` (one bigint sequence for all
 * instances) and `data: <JSON of the schema below>`. A reconnect (with `Last-Event-ID` or not) must
 * read its data again: the stream does not replay; it starts with a `resync` event instead.
 *
 * The stream authenticates with `Authorization: Bearer <token>` (robots, tools) or, from a browser
 * (`EventSource` sends no headers), with `?ticket=` from `POST /api/events/Ticket`: single use,
 * valid for `ExpiresIn` seconds, bound to the session that asked for it. The stream follows that
 * session: when it is revoked or expires, or its user is disabled, the stream sends `end` with
 * Reason `session` and closes within about a second. A missing, used, expired or wrong ticket (or
 * token) answers HTTP 401 with the error envelope.
 */

/** The stream's address (not a JSON route, so not in `apiRoutes`). Query: `ticket`. */
export const EVENTS_STREAM_PATH = '/api/events';

/**
 * A task's state or figures changed (results batch, manual entry, review, audit, start, finish), or
 * the task was deleted (`Deleted: true`; State and Figures are its last ones): pages drop it.
 */
export const taskEventSchema = z.object({
  TaskId: z.string(),
  ProjectId: z.string(),
  State: z.enum(TASK_STATES),
  /** The task's figures after the change (measurement-api.md section 6). */
  Figures: figuresSchema,
  /** Present (true) only when the task was deleted. */
  Deleted: z.literal(true).optional(),
});

/** A device's heartbeat changed what is shown: came online, went offline, battery changed. */
export const deviceEventSchema = z.object({
  DeviceGuid: z.string(),
  Online: z.boolean(),
  /** 0-100; null when the device never sent one. */
  Battery: z.number().int().nullable(),
});

/** A report's rendering status changed (a task's report, or a household's: `Household`). */
export const reportEventSchema = z.object({
  ReportId: z.string(),
  TaskId: z.string(),
  ProjectId: z.string(),
  Status: z.enum(REPORT_STATUSES),
  /** Present (true) only for a household report (GetApartmentReports): ReportId is that report's. */
  Household: z.literal(true).optional(),
});

/** A work order was created, changed state, or was edited (assignee, remark, pictures, comments). */
export const workOrderEventSchema = z.object({
  WorkOrderId: z.string(),
  ProjectId: z.string(),
  TaskId: z.string().nullable(),
  State: z.enum(WORK_ORDER_STATES),
});

export const SCAN_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
/** A scan's processing moved on (measurement-api.md section 8; raised once scans exist). */
export const scanEventSchema = z.object({
  ScanId: z.string(),
  TaskId: z.string(),
  ProjectId: z.string(),
  Status: z.enum(SCAN_STATUSES),
  Progress: z.number().int().nullable(),
});

/**
 * A new message for the stream's user (only the recipient's streams get it), or (`Read: true`) the
 * user marked messages read in another tab (this one; marking all read names one of those it
 * marked): re-read the unread count.
 */
export const messageEventSchema = z.object({
  MessageId: z.string(),
  Kind: z.enum(MESSAGE_KINDS),
  ProjectId: z.string().nullable(),
  TaskId: z.string().nullable(),
  WorkOrderId: z.string().nullable(),
  /** Present (true) only when messages were marked read. */
  Read: z.literal(true).optional(),
});

/**
 * A data backup or one of its restores moved on (queued, running with its progress at most once a
 * second, ready, failed): only callers with `data.backup` get it. RestoreId null: the backup itself.
 */
export const backupEventSchema = z.object({
  BackupId: z.string(),
  RestoreId: z.string().nullable(),
  State: z.enum(DATA_BACKUP_STATES),
  /** 0..100. */
  Progress: z.number().int(),
});

export const RESYNC_REASONS = ['connected', 'reconnected', 'missed'] as const;
/**
 * Sent first on every stream (`connected`, or `reconnected` when the request carried Last-Event-ID)
 * and whenever the instance may have missed events (`missed`: its database listener reconnected).
 * A page reads its data again. Has no `id`.
 */
export const resyncEventSchema = z.object({ Reason: z.enum(RESYNC_REASONS) });

export const END_REASONS = ['session', 'shutdown'] as const;
/**
 * The server closes the stream right after: `session` (the session ended: sign in again) or
 * `shutdown` (this instance is draining: reconnect, with a new ticket, at once). Has no `id`.
 */
export const endEventSchema = z.object({ Reason: z.enum(END_REASONS) });

/** Every event of the stream by its SSE `event:` name. */
export const liveEventSchemas = {
  task: taskEventSchema,
  device: deviceEventSchema,
  report: reportEventSchema,
  workOrder: workOrderEventSchema,
  scan: scanEventSchema,
  message: messageEventSchema,
  backup: backupEventSchema,
  resync: resyncEventSchema,
  end: endEventSchema,
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
/** The events raised by changes (they carry an `id`); `resync` and `end` are the stream's own. */
export const CHANGE_EVENT_NAMES = [
  'task',
  'device',
  'report',
  'workOrder',
  'scan',
  'message',
  'backup',
] as const;
export type ChangeEventName = (typeof CHANGE_EVENT_NAMES)[number];

/** Seconds a stream ticket stays valid. */
export const EVENT_TICKET_SECONDS = 30;

export const eventsRoutes = {
  createTicket: defineRoute({
    method: 'POST',
    path: '/api/events/Ticket',
    access: 'authenticated',
    tag: 'events',
    summary:
      'A single-use ticket (valid ExpiresIn seconds) that opens GET /api/events?ticket=... for this session ' +
      '(EventSource cannot send the Authorization header)',
    result: z.object({ Ticket: z.string(), ExpiresIn: z.number().int() }),
  }),
};
