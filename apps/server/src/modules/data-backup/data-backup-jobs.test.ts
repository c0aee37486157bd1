import { apiRoutes } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRouteOk } from '../../../test/call-route.ts';
import { listenAs, type OpenedStream, type ReadEvent } from '../../../test/event-stream-client.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { buildScanTestbed, type ScanTestbed } from '../../../test/scan-testbed.ts';
import { LocalObjectStore } from '../../core/storage/local-object-store.ts';
import { BackupJob, JobStopped } from './backup-job.ts';
import { DataBackupService } from './data-backup-service.ts';

/**
 * The backup jobs' life (issue 34 item 4): live `backup` events for their state and progress, a
 * drain's stop sent back to the queue and run again from the start, and the sweep of backups a stop
 * left running with no job to resume them.
 */
let t: TestApp;
let url: string;
let bed: ScanTestbed;
let admin: BuiltUser;
let surveyor: BuiltUser;
const streams: OpenedStream[] = [];
const silent = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as never;
const routes = apiRoutes.dataBackup;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bed = await buildScanTestbed(t);
  admin = await buildUser(t, { companyId: bed.companyId, roles: ['CompanyAdmin'] });
  surveyor = await buildUser(t, { companyId: bed.companyId, roles: ['Surveyor'] });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const listen = (user: BuiltUser) => listenAs(url, user.token, streams);

const job = () => new BackupJob({ db: t.db, objects: new LocalObjectStore(t.config.dataDir), log: silent });
const start = async (backupDir: string) =>
  (await callRouteOk(t.app, routes.startBackup, { backupDir, TaskIds: [bed.taskId] }, { as: admin }))
    .BackupId;
const stateOf = async (backupId: string, lang = 'zh-CN') => {
  const { List } = await callRouteOk(t.app, routes.getBackupList, {}, { as: admin, lang });
  const backup = List.find((row) => row.BackupId === backupId);
  return [backup?.State, backup?.Error];
};
const ofBackup = (backupId: string) => (event: ReadEvent) =>
  event.event === 'backup' && (event.data as { BackupId: string }).BackupId === backupId;

describe('data backup jobs', () => {
  it('raises live backup events (queued, running, ready) to those who may back up, and to no one else', async () => {
    const adminStream = await listen(admin);
    const surveyorStream = await listen(surveyor);
    const backupId = await start('live-events');
    await job().run({ companyId: bed.companyId, id: backupId });
    const seen = [];
    for (;;) {
      const event = await adminStream.next(ofBackup(backupId), 5000);
      seen.push(event.data as { State: string; RestoreId: string | null; Progress: number });
      if (seen.at(-1)?.State === 'ready') break;
    }
    expect(seen[0]).toEqual({ BackupId: backupId, RestoreId: null, State: 'queued', Progress: 0 });
    expect(seen[1]).toEqual({ BackupId: backupId, RestoreId: null, State: 'running', Progress: 0 });
    expect(seen.at(-1)).toEqual({ BackupId: backupId, RestoreId: null, State: 'ready', Progress: 100 });
    // Progress only moves forward.
    const progress = seen.map((event) => event.Progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(surveyorStream.events.filter((event) => event.event === 'backup')).toEqual([]);
  });

  it('sends a backup a drain stopped back to the queue; the retry starts over and finishes it', async () => {
    const backupId = await start('stopped-once');
    const drained = new AbortController();
    drained.abort();
    const stopped = job().run(
      { companyId: bed.companyId, id: backupId },
      { signal: drained.signal, lastAttempt: false },
    );
    await expect(stopped).rejects.toBeInstanceOf(JobStopped);
    expect(await stateOf(backupId)).toEqual(['queued', null]);
    // A retry may also find it still `running` (an instance killed without its catch): it starts over.
    await t.db.execute(sql`update data_backups set state = 'running', progress = 40 where id = ${backupId}`);
    await job().run({ companyId: bed.companyId, id: backupId }, { lastAttempt: true });
    expect(await stateOf(backupId)).toEqual(['ready', null]);
  });

  it('fails a backup stopped on its last attempt with the translated reason', async () => {
    const backupId = await start('stopped-last');
    const drained = new AbortController();
    drained.abort();
    await job().run(
      { companyId: bed.companyId, id: backupId },
      { signal: drained.signal, lastAttempt: true },
    );
    expect(await stateOf(backupId, 'en-US')).toEqual([
      'failed',
      'The server stopped while this was running and it could not be resumed; nothing was changed: start it again',
    ]);
  });

  it('sweeps a running backup whose job is gone; one whose job waits for its retry is left to it', async () => {
    const sweep = () => new DataBackupService({ db: t.db, objects: new LocalObjectStore(t.config.dataDir) });
    const waiting = await start('waits-for-retry');
    const orphan = await start('job-gone');
    await t.db.execute(
      sql`update data_backups set state = 'running', progress = 30 where id in (${waiting}, ${orphan})`,
    );
    await t.db.execute(sql`select graphile_worker.remove_job(${`backup:${orphan}`})`);
    const stream = await listen(admin);
    expect(await sweep().sweepInterrupted()).toBe(1);
    expect(await stateOf(waiting)).toEqual(['running', null]);
    expect(await stateOf(orphan)).toEqual([
      'failed',
      '运行期间服务器已停止，且无法继续；数据未作任何更改，请重新开始',
    ]);
    expect((await stream.next(ofBackup(orphan), 5000)).data).toEqual({
      BackupId: orphan,
      RestoreId: null,
      State: 'failed',
      Progress: 30,
    });
    // Swept once: a second sweep finds nothing more.
    expect(await sweep().sweepInterrupted()).toBe(0);
  });
});
