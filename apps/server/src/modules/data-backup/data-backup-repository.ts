import { COMPANY_TIME_ZONE } from '@measure/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { dataBackups, dataRestores, type BackupSelectionRecord } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProjectCondition } from '../projects/project-access-repository.ts';

export type DataBackupRecord = typeof dataBackups.$inferSelect;
export type DataRestoreRecord = typeof dataRestores.$inferSelect;

export const BACKUP_JOB = 'dataBackup:run';
export const RESTORE_JOB = 'dataBackup:restore';
export const SWEEP_JOB = 'dataBackup:sweep';
/** Attempts of a backup or restore job: a drain stops it, another instance runs it again from the start. */
const JOB_ATTEMPTS = 3;

/**
 * The tables an archive holds, in the order a restore inserts them (parents first), each with the
 * rows of one task (`$task`) or of the backed-up projects (`$projects`). Rollups kept by triggers
 * (task_day_rollups, task_item_day_rollups, household_days) are not listed: inserting their
 * sources fills them.
 */
export const ARCHIVE_TABLES = [
  { table: 'projects', scope: 'projects', where: 'id = any($projects)' },
  { table: 'project_buildings', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'project_standards', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'design_templates', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'point_types', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'house_maps', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'household_assignments', scope: 'projects', where: 'project_id = any($projects)' },
  { table: 'device_files', scope: 'task', where: 'id = any($files)' },
  { table: 'tasks', scope: 'task', where: 'id = $task' },
  { table: 'task_households', scope: 'task', where: 'task_id = $task' },
  { table: 'task_surveyors', scope: 'task', where: 'task_id = $task' },
  { table: 'task_sites', scope: 'task', where: 'task_id = $task' },
  { table: 'site_readings', scope: 'task', where: 'task_id = $task' },
  { table: 'site_history', scope: 'task', where: 'task_id = $task' },
  { table: 'site_changes', scope: 'task', where: 'task_id = $task' },
  { table: 'item_rollups', scope: 'task', where: 'task_id = $task' },
  { table: 'floor_rollups', scope: 'task', where: 'task_id = $task' },
  { table: 'scans', scope: 'task', where: 'task_id = $task' },
  { table: 'scan_surfaces', scope: 'task', where: 'scan_id in (select id from scans where task_id = $task)' },
  { table: 'scan_rulers', scope: 'task', where: 'scan_id in (select id from scans where task_id = $task)' },
  { table: 'reports', scope: 'task', where: 'task_id = $task' },
  { table: 'report_renditions', scope: 'task', where: 'task_id = $task' },
] as const;
export type ArchiveTable = (typeof ARCHIVE_TABLES)[number]['table'];
export const isArchiveTable = (name: string): name is ArchiveTable =>
  ARCHIVE_TABLES.some((entry) => entry.table === name);

/** A PostgreSQL array literal of parameters (`array[$1, $2]::uuid[]`). */
const arrayOf = (values: readonly string[], type: 'uuid' | 'text'): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

/** The stored files of one task: device uploads (pictures, scan originals), scan outputs, rendered reports. */
export interface TaskFiles {
  pictureIds: string[];
  scanFileIds: string[];
  /** Scans whose outputs (tiles, model) are in the store. */
  readyScanIds: string[];
  reportNames: string[];
}

/** Backups and restores of a company; the archive's rows; the staging a restore writes through. */
export class DataBackupRepository {
  constructor(private readonly db: DbExecutor) {}

  async insertBackup(values: typeof dataBackups.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(dataBackups).values(values).returning({ id: dataBackups.id });
    if (!row) throw new Error('backup insert returned nothing');
    return row.id;
  }

  async findBackup(companyId: string, backupId: string): Promise<DataBackupRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(dataBackups)
      .where(and(eq(dataBackups.companyId, companyId), eq(dataBackups.id, backupId)));
    return row;
  }

  async listBackups(companyId: string, limit: number): Promise<DataBackupRecord[]> {
    return this.db
      .select()
      .from(dataBackups)
      .where(eq(dataBackups.companyId, companyId))
      .orderBy(desc(dataBackups.createdAt))
      .limit(limit);
  }

  /** Answers the backup's state and progress after the change (undefined: it is gone). */
  async updateBackup(companyId: string, backupId: string, values: Partial<DataBackupRecord>) {
    const [row] = await this.db
      .update(dataBackups)
      .set(values)
      .where(and(eq(dataBackups.companyId, companyId), eq(dataBackups.id, backupId)))
      .returning({ state: dataBackups.state, progress: dataBackups.progress });
    return row;
  }

  async deleteBackup(companyId: string, backupId: string): Promise<void> {
    await this.db
      .delete(dataBackups)
      .where(and(eq(dataBackups.companyId, companyId), eq(dataBackups.id, backupId)));
  }

  async insertRestore(values: typeof dataRestores.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(dataRestores).values(values).returning({ id: dataRestores.id });
    if (!row) throw new Error('restore insert returned nothing');
    return row.id;
  }

  async findRestore(companyId: string, restoreId: string): Promise<DataRestoreRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(dataRestores)
      .where(and(eq(dataRestores.companyId, companyId), eq(dataRestores.id, restoreId)));
    return row;
  }

  /** Answers the restore's backup, state and progress after the change (undefined: it is gone). */
  async updateRestore(companyId: string, restoreId: string, values: Partial<DataRestoreRecord>) {
    const [row] = await this.db
      .update(dataRestores)
      .set(values)
      .where(and(eq(dataRestores.companyId, companyId), eq(dataRestores.id, restoreId)))
      .returning({
        backupId: dataRestores.backupId,
        state: dataRestores.state,
        progress: dataRestores.progress,
      });
    return row;
  }

  /** The newest restore of each of the backups. */
  async latestRestores(companyId: string, backupIds: string[]): Promise<Map<string, DataRestoreRecord>> {
    if (backupIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([dataRestores.backupId])
      .from(dataRestores)
      .where(and(eq(dataRestores.companyId, companyId), inArray(dataRestores.backupId, backupIds)))
      .orderBy(dataRestores.backupId, desc(dataRestores.createdAt));
    return new Map(rows.map((row) => [row.backupId, row]));
  }

  async userName(companyId: string, userId: string): Promise<string> {
    const result = await this.db.execute<{ name: string }>(
      sql`select name from users where company_id = ${companyId} and id = ${userId}`,
    );
    return result.rows[0]?.name ?? '';
  }

  /** Whether a restore of the backup is queued or running. */
  async busy(companyId: string, backupId: string): Promise<boolean> {
    const result = await this.db.execute<{ busy: boolean }>(sql`select exists (
        select 1 from data_restores where company_id = ${companyId} and backup_id = ${backupId}
          and state in ('queued', 'running')) as busy`);
    return result.rows[0]?.busy === true;
  }

  /**
   * The tasks a selection names that the caller sees, oldest first: named tasks, the tasks of named
   * projects, tasks created in the date range (company time zone); any of them (union). `limit + 1`
   * at most, so a caller can tell "too many".
   */
  async selectTasks(
    auth: Pick<AuthContext, 'companyId' | 'userId' | 'projectScope'>,
    selection: BackupSelectionRecord,
    limit: number,
  ): Promise<{ id: string; projectId: string }[]> {
    const day = sql`(created_at at time zone ${COMPANY_TIME_ZONE})::date`;
    const parts: SQL[] = [];
    if (selection.TaskIds?.length) parts.push(sql`id = any(${arrayOf(selection.TaskIds, 'uuid')})`);
    if (selection.ProjectIds?.length)
      parts.push(sql`project_id = any(${arrayOf(selection.ProjectIds, 'uuid')})`);
    if (selection.StartDate || selection.EndDate) {
      const from = selection.StartDate ? sql`${day} >= ${selection.StartDate}::date` : sql`true`;
      const to = selection.EndDate ? sql`${day} <= ${selection.EndDate}::date` : sql`true`;
      parts.push(sql`(${from} and ${to})`);
    }
    if (parts.length === 0) return [];
    const scope = visibleProjectCondition(auth as AuthContext, sql`project_id`);
    const result = await this.db.execute<{ id: string; project_id: string }>(sql`
      select id, project_id from tasks
      where company_id = ${auth.companyId} and (${sql.join(parts, sql` or `)}) and ${scope}
      order by created_at, id limit ${limit + 1}`);
    return result.rows.map((row) => ({ id: row.id, projectId: row.project_id }));
  }

  /** Named ids the caller does not see (a task or project of another company, or out of scope). */
  async unseen(
    auth: Pick<AuthContext, 'companyId' | 'userId' | 'projectScope'>,
    table: 'tasks' | 'projects',
    ids: string[],
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const column = table === 'tasks' ? sql`project_id` : sql`id`;
    const scope = visibleProjectCondition(auth as AuthContext, column);
    const result = await this.db.execute<{ id: string }>(sql`
      select id from ${sql.raw(table)} where company_id = ${auth.companyId} and id = any(${arrayOf(ids, 'uuid')}) and ${scope}`);
    const seen = new Set(result.rows.map((row) => row.id));
    return ids.filter((id) => !seen.has(id));
  }

  async taskFiles(companyId: string, taskId: string): Promise<TaskFiles> {
    const result = await this.db.execute<{ kind: string; name: string }>(sql`
      select distinct 'picture' as kind, unnest(picture_file_ids) as name from task_sites
        where company_id = ${companyId} and task_id = ${taskId}
      union select distinct 'scan', file_id from scans where company_id = ${companyId} and task_id = ${taskId}
      union select 'scanOutput', id::text from scans
        where company_id = ${companyId} and task_id = ${taskId} and status = 'ready'
      union select distinct 'report', unnest(array[pdf_name, xlsx_name, pdf_name_en, xlsx_name_en]) from reports
        where company_id = ${companyId} and task_id = ${taskId}`);
    const of = (kind: string) =>
      result.rows
        .filter((row) => row.kind === kind && row.name)
        .map((row) => row.name)
        .sort();
    return {
      pictureIds: of('picture'),
      scanFileIds: of('scan'),
      readyScanIds: of('scanOutput'),
      reportNames: of('report'),
    };
  }

  /** The rows of one archive table as JSON text (one per line), of the company only. */
  async dumpRows(
    companyId: string,
    table: ArchiveTable,
    values: { task?: string; projects?: string[]; files?: string[] },
  ): Promise<string[]> {
    const entry = ARCHIVE_TABLES.find((candidate) => candidate.table === table);
    if (!entry) throw new Error(`not an archive table: ${table}`);
    const pieces = entry.where.split(/(\$task|\$projects|\$files)/);
    const where = sql.join(
      pieces.map((piece) => {
        if (piece === '$task') return sql`${values.task ?? null}::uuid`;
        if (piece === '$projects') return arrayOf(values.projects ?? [], 'uuid');
        if (piece === '$files') return arrayOf(values.files ?? [], 'text');
        return sql.raw(piece);
      }),
      sql``,
    );
    const result = await this.db.execute<{ row: string }>(sql`
      select to_jsonb(t)::text as row from ${sql.raw(table)} t where t.company_id = ${companyId} and ${where}`);
    return result.rows.map((row) => row.row);
  }

  /** Queues a job by SQL in the caller's transaction (job key per backup or restore). */
  async queue(task: typeof BACKUP_JOB | typeof RESTORE_JOB, companyId: string, id: string): Promise<void> {
    const key = task === BACKUP_JOB ? `backup:${id}` : `restore:${id}`;
    await this.db.execute(sql`
      select graphile_worker.add_job(${task}, json_build_object('companyId', ${companyId}::text, 'id', ${id}::text),
        job_key := ${key}, job_key_mode := 'replace', max_attempts := ${JOB_ATTEMPTS})`);
  }

  /** The stored plan files (house types' `stored_name`) of the projects. */
  async planNames(companyId: string, projectIds: string[]): Promise<string[]> {
    if (projectIds.length === 0) return [];
    const result = await this.db.execute<{ name: string }>(sql`
      select stored_name as name from house_maps
      where company_id = ${companyId} and project_id = any(${arrayOf(projectIds, 'uuid')}) order by stored_name`);
    return result.rows.map((row) => row.name);
  }

  /**
   * Backups and restores left queued or running whose job will not run again (it is gone, or failed
   * its last attempt and is not running: a stop that outlived its retries) are failed with
   * `dataBackup.interrupted`. A job waiting for its retry or running keeps its row as it is.
   * Answers what was failed.
   */
  async failInterrupted(): Promise<
    { companyId: string; id: string; backupId: string; restore: boolean; progress: number }[]
  > {
    const orphan = (prefix: string) => sql`not exists (
      select 1 from graphile_worker.jobs j where j.key = ${prefix} || r.id::text
        and (j.attempts < j.max_attempts or j.locked_at is not null))`;
    const set = sql`state = 'failed', error = 'dataBackup.interrupted', finished_at = now()`;
    type Swept = { company_id: string; id: string; backup_id: string; restore: boolean; progress: number };
    // eslint-disable-next-line measure/company-scoped-sql -- the sweep looks at every company's stopped jobs
    const result = await this.db.execute<Swept>(sql`
      with backups as (
        update data_backups r set ${set} where r.state in ('queued', 'running') and ${orphan('backup:')}
        returning r.company_id, r.id, r.id as backup_id, false as restore, r.progress),
      restores as (
        update data_restores r set ${set} where r.state in ('queued', 'running') and ${orphan('restore:')}
        returning r.company_id, r.id, r.backup_id, true as restore, r.progress)
      select * from backups union all select * from restores`);
    return result.rows.map((row) => ({
      companyId: row.company_id,
      id: row.id,
      backupId: row.backup_id,
      restore: row.restore,
      progress: row.progress,
    }));
  }
}
