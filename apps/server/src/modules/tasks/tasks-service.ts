import {
  todayIn,
  isRole,
  ErrorCode,
  formatMessage,
  type Language,
  type PageResult,
  projectScopeOfRoles,
  ROLE_LABELS,
  type RouteBody,
  type RouteResult,
  renderTaskName,
  taskLogParams,
  taskNameIn,
  TASK_LIMITS,
  type TaskNameParts,
  type Figures,
  type TaskDetail,
  type TaskRow,
  type TaskState,
  type tasksRoutes,
} from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject, writeProjectLog } from '../projects/project-access.ts';
import { visibleTask } from './task-access.ts';
import { itemName, resolvePlan } from './task-plan.ts';
import { assertKindEnabled, facadeNameParts } from './facade-plan.ts';
import { checkDevice, checkSurveyors } from './task-assignees.ts';
import { TaskPlanRepository } from './task-plan-repository.ts';
import { loadTaskDetail } from './task-detail.ts';
import { toTaskRow } from './task-rows.ts';
import { figuresOf } from '../results/judge-readings.ts';
import { ResultsRepository } from '../results/results-repository.ts';
import { TasksRepository } from './tasks-repository.ts';
import { messageTaskEvent } from '../notifications/message-events.ts';
import { raiseTaskEvent } from '../events/live-events.ts';
import { queueReport } from '../reports/report-queue.ts';

export type AddBody = RouteBody<typeof tasksRoutes.addTask>;
type CheckBody = RouteBody<typeof tasksRoutes.checkTask>;
type CheckResult = RouteResult<typeof tasksRoutes.checkTask>;
type ListBody = RouteBody<typeof tasksRoutes.getTaskList>;
type ExportBody = RouteBody<typeof tasksRoutes.exportTaskList>;
type MyBody = RouteBody<typeof tasksRoutes.getMyTasks>;
type ReassignBody = RouteBody<typeof tasksRoutes.reassignTask>;
type OptionsResult = RouteResult<typeof tasksRoutes.getTaskOptions>;

const conflictKey = (key: Parameters<typeof formatMessage>[1], params = {}) =>
  new AppError(ErrorCode.Conflict, key, params);

/**
 * Tasks: planning (with the frozen standard), the task center, cancelling, reassigning, deleting,
 * and execution by people. The device side is task-device-service.ts.
 */
export class TasksService {
  constructor(private readonly deps: { db: Database }) {}

  async check(auth: AuthContext, body: CheckBody, lang: Language): Promise<CheckResult> {
    await visibleProject(this.deps.db, auth, body.ProjectId);
    await assertKindEnabled(this.deps.db, auth, body.TaskKind);
    const plan = await resolvePlan(this.deps.db, auth.companyId, body);
    return {
      Households: plan.households.length,
      Items: plan.standard.Items.map((item) => ({
        ItemCode: item.Code,
        Name: itemName(item, lang),
        NeedsDesign: item.NeedsDesign,
      })),
      WithoutHouseType: plan.withoutHouseType,
      MissingDesignValues: plan.missingDesignValues.map((entry) => ({
        ItemCode: entry.item.Code,
        ItemName: itemName(entry.item, lang),
        PointTypes: entry.pointTypes,
        HouseMaps: entry.houseMaps,
      })),
    };
  }

  /**
   * Plans a task; `within` runs it in the caller's transaction (a work order's re-measure task), which
   * names it by `generated` parts. A task planned without a name gets the `plan` parts; the stored
   * `name` is then their Chinese rendering and every read renders them in the reader's language.
   */
  async add(
    auth: AuthContext,
    body: AddBody,
    lang: Language,
    within?: DbExecutor,
    generated?: TaskNameParts,
  ): Promise<string> {
    const run = <T>(work: (tx: DbExecutor) => Promise<T>) =>
      within ? work(within) : this.deps.db.transaction(work);
    return run(async (tx) => {
      const project = await visibleProject(tx, auth, body.ProjectId);
      await assertKindEnabled(tx, auth, body.TaskKind);
      const plan = await resolvePlan(tx, auth.companyId, body);
      const missing = plan.withoutHouseType[0];
      if (missing) {
        const index = body.Households.indexOf(missing);
        throw fieldError(`Households[${index}]`, 'tasks.householdWithoutHouseType', {
          building: missing.BuildingNumber,
          floor: missing.Floor,
          household: missing.Household,
        });
      }
      if (body.ParentTaskId) {
        const parent = await new TasksRepository(tx).find(auth.companyId, body.ParentTaskId);
        if (!parent || parent.projectId !== body.ProjectId) {
          throw fieldError('ParentTaskId', 'tasks.parentNotFound');
        }
        if (parent.stage !== body.Stage) throw fieldError('ParentTaskId', 'tasks.parentStage');
        if (parent.taskKind !== body.TaskKind) throw fieldError('ParentTaskId', 'tasks.parentKind');
      }
      await checkDevice(tx, auth, body.DeviceGuid);
      await checkSurveyors(tx, auth, body.ProjectId, body.SurveyorIds);
      const creator = (
        await new TaskPlanRepository(tx).people(auth.companyId, body.ProjectId, [auth.userId])
      )[0];
      const nameParts: TaskNameParts | null =
        generated ??
        (body.Name
          ? null
          : plan.facade
            ? facadeNameParts(plan.facade, body.Stage)
            : {
                kind: 'plan',
                project: project.name,
                stage: body.Stage,
                // The planning day as the company's calendar names it (UTC is the day before from 16:00).
                date: body.PlannedDate ?? todayIn(),
              });
      const name = nameParts ? renderTaskName(nameParts, 'zh-CN') : (body.Name as string);
      const taskId = await new TasksRepository(tx).insert(
        auth.companyId,
        {
          projectId: body.ProjectId,
          name,
          nameParts,
          stage: body.Stage,
          measureKind: body.MeasureKind,
          inspectionKind: body.InspectionKind,
          deviceId: body.DeviceGuid,
          plannedDate: body.PlannedDate,
          parentTaskId: body.ParentTaskId,
          standard: plan.standard,
          createdBy: auth.userId,
          createdByName: creator?.name ?? '',
          taskKind: body.TaskKind,
          buildingId: plan.facade?.buildingId ?? null,
          floorFrom: plan.facade?.floorFrom ?? null,
          floorTo: plan.facade?.floorTo ?? null,
        },
        plan.households,
        body.SurveyorIds,
        plan.facade?.sides,
      );
      await writeProjectLog(tx, auth, body.ProjectId, 'projectLog.taskCreated', {
        ...taskLogParams({ name, nameParts }),
        count: plan.households.length,
      });
      await raiseTaskEvent(tx, auth.companyId, taskId);
      return taskId;
    });
  }

  async options(auth: AuthContext, projectId: string, lang: Language): Promise<OptionsResult> {
    await visibleProject(this.deps.db, auth, projectId);
    const repository = new TaskPlanRepository(this.deps.db);
    const [devices, people] = await Promise.all([
      repository.devices(auth.companyId),
      repository.people(auth.companyId, projectId),
    ]);
    return {
      Devices: devices.map((device) => ({
        DeviceGuid: device.id,
        DeviceNumber: device.number,
        DeviceType: device.type === 'scanner' ? 'scanner' : 'robot',
        IsActive: device.isActive,
        DeviceUserName: device.userName,
      })),
      Surveyors: people
        .filter((person) => projectScopeOfRoles(person.roles.filter(isRole)) === 'company' || person.onStaff)
        .map((person) => ({
          UserId: person.id,
          Name: person.name,
          RoleNames: person.roles.filter(isRole).map((role) => ROLE_LABELS[role][lang]),
        })),
    };
  }

  async list(auth: AuthContext, body: ListBody, lang: Language): Promise<PageResult<TaskRow>> {
    const { rows, total } = await new TasksRepository(this.deps.db).page(
      auth,
      {
        projectId: body.ProjectId,
        state: body.State,
        stage: body.Stage,
        taskKind: body.TaskKind,
        keyword: body.Keyword,
        startDate: body.StartDate,
        endDate: body.EndDate,
        orderBy: body.OrderBy ?? 'CreateTime',
        ascending: body.AscDesc === 'asc',
        language: lang,
      },
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const figures = await this.figures(
      this.deps.db,
      auth.companyId,
      rows.map((row) => row.id),
    );
    return {
      Items: rows.map((row) => toTaskRow(row, lang, figures.get(row.id))),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  /** The task center's rows for an export: the list's filters and order, the first `maxExportRows`. */
  async exportRows(auth: AuthContext, body: ExportBody, lang: Language): Promise<TaskRow[]> {
    const page = await this.list(
      auth,
      { ...body, PageSize: TASK_LIMITS.maxExportRows, CurrentPage: 1 } as ListBody,
      lang,
    );
    return page.Items;
  }

  /** Figures of tasks from their rollups (a task without results has all counts zero). */
  private async figures(db: DbExecutor, companyId: string, taskIds: string[]): Promise<Map<string, Figures>> {
    const rows = await new ResultsRepository(db).taskCounts(companyId, taskIds);
    return new Map(rows.map((row) => [row.taskId, figuresOf(row)]));
  }

  async mine(auth: AuthContext, body: MyBody, lang: Language): Promise<PageResult<TaskRow>> {
    const { rows, total } = await new TasksRepository(this.deps.db).page(
      auth,
      {
        executorId: auth.userId,
        state: body.State === 'all' ? undefined : body.State,
        states: body.State === 'all' ? undefined : ['pending', 'inProgress'],
        orderBy: body.OrderBy === 'PlannedDate' ? 'PlannedDate' : 'CreateTime',
        ascending: body.AscDesc === 'asc',
        language: lang,
      },
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    const figures = await this.figures(
      this.deps.db,
      auth.companyId,
      rows.map((row) => row.id),
    );
    return {
      Items: rows.map((row) => toTaskRow(row, lang, figures.get(row.id))),
      Total: total,
      PageSize: body.PageSize,
      CurrentPage: body.CurrentPage,
    };
  }

  async get(auth: AuthContext, taskId: string, lang: Language): Promise<TaskDetail> {
    const { task } = await visibleTask(this.deps.db, auth, taskId);
    return loadTaskDetail(this.deps.db, auth.companyId, task, lang);
  }

  private async row(db: DbExecutor, auth: AuthContext, taskId: string, lang: Language): Promise<TaskRow> {
    const task = await new TasksRepository(db).find(auth.companyId, taskId);
    if (!task) throw notFound();
    return toTaskRow(task, lang, (await this.figures(db, auth.companyId, [taskId])).get(taskId));
  }

  async delete(auth: AuthContext, ids: readonly string[], lang: Language): Promise<number> {
    const unique = [...new Set(ids)];
    return this.deps.db.transaction(async (tx) => {
      const repository = new TasksRepository(tx);
      const found = await repository.lockMany(auth.companyId, unique);
      if (found.length !== unique.length) throw notFound();
      for (const task of found) await visibleProject(tx, auth, task.projectId);
      const completed = found.filter((task) => task.state === 'completed');
      if (completed.length > 0) {
        throw conflictKey('tasks.completedNotDeletable', {
          names: completed.map((task) => taskNameIn(task, lang)).join(', '),
        });
      }
      // Open pages drop the tasks (sent on commit; raised first, while their rows still exist).
      for (const task of found) await raiseTaskEvent(tx, auth.companyId, task.id, { deleted: true });
      const deleted = await repository.delete(auth.companyId, unique);
      for (const task of found) {
        await writeProjectLog(tx, auth, task.projectId, 'projectLog.taskDeleted', taskLogParams(task));
      }
      return deleted;
    });
  }

  async cancel(auth: AuthContext, taskId: string, lang: Language): Promise<TaskRow> {
    return this.deps.db.transaction(async (tx) => {
      const { task } = await visibleTask(tx, auth, taskId, true);
      const moved = await new TasksRepository(tx).transition(
        auth.companyId,
        taskId,
        ['pending', 'inProgress'],
        'cancelled',
      );
      if (!moved) throw conflictKey('tasks.notCancellable');
      await writeProjectLog(tx, auth, task.projectId, 'projectLog.taskCancelled', taskLogParams(task));
      await raiseTaskEvent(tx, auth.companyId, taskId);
      return this.row(tx, auth, taskId, lang);
    });
  }

  async reassign(auth: AuthContext, body: ReassignBody, lang: Language): Promise<TaskRow> {
    return this.deps.db.transaction(async (tx) => {
      const { task } = await visibleTask(tx, auth, body.TaskId, true);
      if (task.state !== 'pending') throw conflictKey('tasks.notReassignable');
      await checkDevice(tx, auth, body.DeviceGuid);
      await checkSurveyors(tx, auth, task.projectId, body.SurveyorIds);
      const repository = new TasksRepository(tx);
      await repository.setDevice(auth.companyId, task.id, body.DeviceGuid);
      await repository.setSurveyors(auth.companyId, task.id, [...new Set(body.SurveyorIds)]);
      await raiseTaskEvent(tx, auth.companyId, task.id);
      return this.row(tx, auth, task.id, lang);
    });
  }

  /**
   * A person starts or finishes a task: a surveyor of it, the holder of its device, or a planner
   * (project distribute permission) who sees the project.
   */
  async move(
    auth: AuthContext,
    taskId: string,
    to: 'inProgress' | 'uploaded',
    lang: Language,
  ): Promise<TaskRow> {
    return this.deps.db.transaction(async (tx) => {
      const { task, executes } = await visibleTask(tx, auth, taskId, true);
      if (!executes && !auth.permissions.has('project.distribute')) {
        throw new AppError(ErrorCode.Forbidden, 'tasks.notYours');
      }
      const state = task.state as TaskState;
      if (state !== to) {
        const from: TaskState = to === 'inProgress' ? 'pending' : 'inProgress';
        if (state !== from) {
          throw to === 'inProgress'
            ? conflictKey('tasks.notStartable', { state: formatMessage(lang, `tasks.state.${state}`) })
            : conflictKey('tasks.notFinishable');
        }
        await new TasksRepository(tx).transition(auth.companyId, taskId, [from], to);
        if (to === 'uploaded') {
          await queueReport(tx, auth.companyId, taskId, 'finished');
          await messageTaskEvent(tx, auth.companyId, taskId, 'taskFinished', auth.userId);
        }
        await raiseTaskEvent(tx, auth.companyId, taskId);
      }
      return this.row(tx, auth, taskId, lang);
    });
  }

  /**
   * The audit (domain.md section 9.5): an uploaded task becomes completed and its results are final
   * (results.taskClosed answers 423 from then on). No route calls it yet; the demo seed audits its
   * completed tasks through it.
   */
  async audit(auth: AuthContext, taskId: string, lang: Language): Promise<TaskRow> {
    return this.deps.db.transaction(async (tx) => {
      await visibleTask(tx, auth, taskId, true);
      if (!(await new TasksRepository(tx).transition(auth.companyId, taskId, ['uploaded'], 'completed'))) {
        throw conflictKey('tasks.notAuditable');
      }
      await messageTaskEvent(tx, auth.companyId, taskId, 'reportAudited', auth.userId);
      await raiseTaskEvent(tx, auth.companyId, taskId);
      return this.row(tx, auth, taskId, lang);
    });
  }
}
