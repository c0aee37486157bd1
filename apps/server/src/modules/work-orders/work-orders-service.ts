import {
  todayIn,
  ErrorCode,
  formatMessage,
  type Language,
  type MessageKey,
  type PageResult,
  type RouteBody,
  type WorkOrderDetail,
  type WorkOrderRow,
  type WorkOrderState,
  type workOrdersRoutes,
  exportPageOf,
} from '@measure/contract';
import { AppError, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { raiseWorkOrderEvents } from '../events/live-events.ts';
import { messageWorkOrdersAssigned } from '../notifications/message-events.ts';
import { visibleProject } from '../projects/project-access.ts';
import { DeviceFilesRepository } from '../results/device-files-repository.ts';
import type { TasksService } from '../tasks/tasks-service.ts';
import { TasksRepository } from '../tasks/tasks-repository.ts';
import { checkAssignee, checkPlace, panelOf } from './work-order-checks.ts';
import { facadeRemeasurePlace, indoorRemeasurePlace } from './work-order-remeasure.ts';
import { chooseItems, failedAt, inItemOrder, orderItemCodes, remeasuredFigures } from './work-order-items.ts';
import { WorkOrderItemsRepository } from './work-order-items-repository.ts';
import { filterQuery, type NewWorkOrder, WorkOrdersRepository } from './work-orders-repository.ts';

type AddBody = RouteBody<typeof workOrdersRoutes.add>;
type ListBody = RouteBody<typeof workOrdersRoutes.list>;
type Found = NonNullable<Awaited<ReturnType<WorkOrdersRepository['find']>>>;

const toRow = ({ order, projectName, assigneeName, itemNames }: Found): WorkOrderRow => ({
  WorkOrderId: order.id,
  OrderNumber: order.orderNumber,
  ProjectId: order.projectId,
  ProjectName: projectName,
  Type: order.type as WorkOrderRow['Type'],
  Process: order.stage as WorkOrderRow['Process'],
  BuildingNumber: order.buildingNumber,
  Floor: order.floor,
  Household: order.household,
  Side: order.side,
  X0: order.x0,
  X1: order.x1,
  Z0: order.z0,
  Z1: order.z1,
  TaskId: order.taskId,
  PointIndex: order.pointIndex,
  ItemCode: order.itemCodes[0] ?? order.itemCode,
  ItemCodes: orderItemCodes(order),
  Items: orderItemCodes(order).map((code) => {
    const named = itemNames?.find((item) => item.Code === code);
    return { ItemCode: code, Name: named?.NameZh ?? code, NameEn: named?.NameEn ?? code };
  }),
  ItemsByHand: order.itemsByHand,
  X: order.x,
  Y: order.y,
  Remark: order.remark,
  State: order.state as WorkOrderState,
  AssigneeId: order.assigneeId,
  AssigneeName: assigneeName,
  CompletionRemark: order.completionRemark,
  PictureFileIds: order.pictureFileIds,
  RemeasureTaskId: order.remeasureTaskId,
  CreatedByName: order.createdByName,
  CreateTime: order.createdAt.toISOString(),
  UpdateTime: order.updatedAt.toISOString(),
});

/** Code 409: the state does not allow the move. */
const illegalMove = (from: string, action: 'assign' | 'start' | 'complete', lang: Language) =>
  new AppError(ErrorCode.Conflict, 'workOrders.illegalMove', {
    from: formatMessage(lang, `workOrders.state.${from}` as MessageKey),
    action: formatMessage(lang, `workOrders.action.${action}`),
  });

/**
 * Work orders (measurement-api.md section 7): creation at a place (a site of a task, a pin on the
 * household's plan, or by hand), the four states and their moves, history, and the re-measure task.
 */
export class WorkOrdersService {
  constructor(private readonly deps: { db: Database; tasks: TasksService }) {}

  private async userName(db: DbExecutor, auth: AuthContext): Promise<string> {
    return new WorkOrdersRepository(db).userName(auth.companyId, auth.userId);
  }

  async add(auth: AuthContext, body: AddBody): Promise<{ id: string; number: string }> {
    return this.deps.db.transaction(async (tx) => {
      await visibleProject(tx, auth, body.ProjectId);
      const { building, household, panel } = await checkPlace(tx, auth, body);
      const { itemCodes, itemsByHand } = await chooseItems(tx, auth.companyId, body);
      if (body.AssigneeId) await checkAssignee(tx, auth, body.ProjectId, body.AssigneeId, 'AssigneeId');
      const userName = await this.userName(tx, auth);
      const order: NewWorkOrder = {
        projectId: body.ProjectId,
        type: body.Type,
        stage: body.Process,
        buildingId: building.id,
        buildingNumber: building.number,
        floor: body.Floor,
        household,
        ...panel,
        taskId: body.TaskId,
        pointIndex: body.TaskId ? (body.PointIndex ?? null) : null,
        itemCode: itemCodes[0] ?? null,
        itemCodes,
        itemsByHand,
        x: body.X ?? null,
        y: body.Y ?? null,
        remark: body.Remark ?? '',
        state: body.AssigneeId ? 'unstart' : 'undistributed',
        assigneeId: body.AssigneeId,
        createdBy: auth.userId,
        createdByName: userName,
      };
      const repository = new WorkOrdersRepository(tx);
      const [id] = await repository.insert(auth.companyId, todayIn(), [order]);
      const events = [{ workOrderId: id as string, action: 'created', userId: auth.userId, userName }];
      if (body.AssigneeId) events.push({ ...events[0]!, action: 'assigned' });
      await repository.addEvents(auth.companyId, events);
      if (body.AssigneeId) await messageWorkOrdersAssigned(tx, auth.companyId, [id as string], auth.userId);
      await raiseWorkOrderEvents(tx, auth.companyId, [id as string]);
      const found = await repository.find(auth, id as string);
      return { id: id as string, number: found?.order.orderNumber ?? '' };
    });
  }

  /** One work order per failed site of a task without an open one (rectify, at the site, its failed items). */
  async addFromTask(auth: AuthContext, body: RouteBody<typeof workOrdersRoutes.addFromTask>) {
    return this.deps.db.transaction(async (tx) => {
      const task = await new TasksRepository(tx).find(auth.companyId, body.TaskId);
      if (!task) throw notFound();
      await visibleProject(tx, auth, task.projectId);
      if (body.AssigneeId) await checkAssignee(tx, auth, task.projectId, body.AssigneeId, 'AssigneeId');
      const repository = new WorkOrdersRepository(tx);
      const sites = await repository.failedSites(auth.companyId, task.id, body.Unqualified ?? false);
      const fresh = sites.filter((site) => !site.open);
      const itemOrder = task.standard.Items.map((item) => item.Code);
      // Each site's failed items, by the same rule as one order's (failedAt).
      const failedItems = new Map<number, string[]>();
      const measured = await new WorkOrderItemsRepository(tx).siteItems(
        auth.companyId,
        task.id,
        fresh.map((site) => site.point_index),
      );
      for (const row of measured.filter(failedAt)) {
        failedItems.set(row.pointIndex, [...(failedItems.get(row.pointIndex) ?? []), row.itemCode]);
      }
      const userName = await this.userName(tx, auth);
      const ids = await repository.insert(
        auth.companyId,
        todayIn(),
        fresh.map((site) => {
          const itemCodes = inItemOrder(failedItems.get(site.point_index) ?? [], itemOrder);
          return {
            projectId: task.projectId,
            type: 'rectify',
            stage: task.stage,
            buildingId: site.building_id,
            buildingNumber: site.building_number,
            floor: site.floor,
            household: site.household,
            ...panelOf(site),
            taskId: task.id,
            pointIndex: site.point_index,
            itemCode: itemCodes[0] ?? null,
            itemCodes,
            state: body.AssigneeId ? 'unstart' : 'undistributed',
            assigneeId: body.AssigneeId,
            createdBy: auth.userId,
            createdByName: userName,
          };
        }),
      );
      await repository.addEvents(
        auth.companyId,
        ids.flatMap((workOrderId) => [
          { workOrderId, action: 'created', userId: auth.userId, userName },
          ...(body.AssigneeId ? [{ workOrderId, action: 'assigned', userId: auth.userId, userName }] : []),
        ]),
      );
      if (body.AssigneeId) await messageWorkOrdersAssigned(tx, auth.companyId, ids, auth.userId);
      await raiseWorkOrderEvents(tx, auth.companyId, ids);
      return { Created: ids.length, Skipped: sites.length - fresh.length };
    });
  }

  /** The rows of the list's Excel export: its filters and order, at most LIST_EXPORT_MAX_ROWS. */
  async exportRows(
    auth: AuthContext,
    filter: Omit<ListBody, 'PageSize' | 'CurrentPage'>,
  ): Promise<WorkOrderRow[]> {
    return (await this.list(auth, exportPageOf(filter))).Items;
  }

  async list(auth: AuthContext, body: ListBody): Promise<PageResult<WorkOrderRow>> {
    const { rows, total } = await new WorkOrdersRepository(this.deps.db).page(
      auth,
      filterQuery(body),
      body.PageSize,
      (body.CurrentPage - 1) * body.PageSize,
    );
    return { Items: rows.map(toRow), Total: total, PageSize: body.PageSize, CurrentPage: body.CurrentPage };
  }

  async get(auth: AuthContext, id: string, lang: Language): Promise<WorkOrderDetail> {
    const repository = new WorkOrdersRepository(this.deps.db);
    const found = await repository.find(auth, id);
    if (!found) throw notFound();
    const events = await repository.events(auth.companyId, id);
    return {
      ...toRow(found),
      Remeasured: await remeasuredFigures(this.deps.db, found.order, lang),
      History: events.map((event) => ({
        Action: event.action as WorkOrderDetail['History'][number]['Action'],
        UserName: event.userName,
        Remark: event.remark,
        Time: event.at.toISOString(),
      })),
    };
  }

  async projects(auth: AuthContext) {
    const rows = await new WorkOrdersRepository(this.deps.db).projectCounts(auth);
    const byProject = new Map<
      string,
      { ProjectId: string; ProjectName: string; Counts: Record<WorkOrderState, number> }
    >();
    for (const row of rows) {
      const entry = byProject.get(row.projectId) ?? {
        ProjectId: row.projectId,
        ProjectName: row.projectName,
        Counts: { undistributed: 0, unstart: 0, start: 0, completed: 0 },
      };
      entry.Counts[row.state as WorkOrderState] = row.n;
      byProject.set(row.projectId, entry);
    }
    return [...byProject.values()].sort((a, b) => a.ProjectName.localeCompare(b.ProjectName));
  }

  /** Locks a visible work order, checks its state and who moves it, applies the change and records it. */
  private async move(
    auth: AuthContext,
    id: string,
    action: 'assign' | 'start' | 'complete',
    lang: Language,
    change: (tx: DbExecutor, found: Found) => Promise<Partial<NewWorkOrder>>,
    remark?: string,
  ): Promise<WorkOrderRow> {
    const from: Record<typeof action, WorkOrderState> = {
      assign: 'undistributed',
      start: 'unstart',
      complete: 'start',
    };
    const to: Record<typeof action, WorkOrderState> = {
      assign: 'unstart',
      start: 'start',
      complete: 'completed',
    };
    return this.deps.db.transaction(async (tx) => {
      const repository = new WorkOrdersRepository(tx);
      const found = await repository.find(auth, id, true);
      if (!found) throw notFound();
      const mayDistribute = auth.permissions.has('project.distribute');
      if (action !== 'assign' && found.order.assigneeId !== auth.userId && !mayDistribute) {
        throw new AppError(ErrorCode.Forbidden, 'workOrders.notAssignee');
      }
      if (found.order.state !== from[action]) throw illegalMove(found.order.state, action, lang);
      const changes = await change(tx, found);
      await repository.update(auth.companyId, id, { ...changes, state: to[action] });
      const actionName = { assign: 'assigned', start: 'started', complete: 'completed' }[action];
      await repository.addEvents(auth.companyId, [
        {
          workOrderId: id,
          action: actionName,
          userId: auth.userId,
          userName: await this.userName(tx, auth),
          remark,
        },
      ]);
      if (action === 'assign') await messageWorkOrdersAssigned(tx, auth.companyId, [id], auth.userId);
      await raiseWorkOrderEvents(tx, auth.companyId, [id]);
      const updated = await repository.find(auth, id);
      return toRow(updated as Found);
    });
  }

  assign(auth: AuthContext, id: string, assigneeId: string, lang: Language) {
    return this.move(auth, id, 'assign', lang, async (tx, found) => {
      await checkAssignee(tx, auth, found.order.projectId, assigneeId, 'AssigneeId');
      return { assigneeId };
    });
  }

  start(auth: AuthContext, id: string, lang: Language) {
    return this.move(auth, id, 'start', lang, async () => ({}));
  }

  complete(auth: AuthContext, id: string, remark: string, pictureIds: readonly string[], lang: Language) {
    return this.move(
      auth,
      id,
      'complete',
      lang,
      async (tx) => {
        const files = new Map(
          (await new DeviceFilesRepository(tx).finished(auth.companyId, pictureIds, true)).map((file) => [
            file.id,
            file,
          ]),
        );
        pictureIds.forEach((file, index) => {
          if (files.get(file)?.kind !== 'picture') {
            throw fieldError(`PictureFileIds[${index}]`, 'workOrders.pictureInvalid', { file });
          }
        });
        return { completionRemark: remark, pictureFileIds: [...pictureIds] };
      },
      remark,
    );
  }

  /**
   * A re-measure task of the order's place, stage and items, child of its task; once, when completed.
   * An order at a site re-measures that site's household only (a facade panel: its side on its floor,
   * an external-wall task), and names the site so that the device measures it alone
   * (`tasks.remeasure_point_indexes`).
   */
  async createRemeasureTask(auth: AuthContext, id: string, lang: Language): Promise<string> {
    return this.deps.db.transaction(async (tx) => {
      const repository = new WorkOrdersRepository(tx);
      const found = await repository.find(auth, id, true);
      if (!found) throw notFound();
      const { order } = found;
      if (order.state !== 'completed') throw new AppError(ErrorCode.Conflict, 'workOrders.notCompleted');
      if (order.remeasureTaskId) throw new AppError(ErrorCode.Conflict, 'workOrders.remeasureExists');
      const parent = order.taskId
        ? await new TasksRepository(tx).find(auth.companyId, order.taskId)
        : undefined;
      const site =
        parent && order.pointIndex !== null && parent.stage === order.stage
          ? await repository.site(auth.companyId, parent.id, order.pointIndex)
          : undefined;
      const itemCodes = orderItemCodes(order);
      const place =
        order.side !== null
          ? facadeRemeasurePlace(order, order.side, parent)
          : await indoorRemeasurePlace(tx, auth.companyId, order, site?.household ?? order.household);
      const taskId = await this.deps.tasks.add(
        auth,
        {
          ProjectId: order.projectId,
          Stage: order.stage as AddBody['Process'],
          MeasureKind: 're',
          InspectionKind: (parent?.inspectionKind ?? 'self') as 'self' | 'third',
          Name: undefined,
          ...place,
          ItemCodes:
            itemCodes.length > 0
              ? itemCodes
              : parent
                ? parent.standard.Items.map((item) => item.Code)
                : undefined,
          ParentTaskId: parent && parent.stage === order.stage ? parent.id : null,
          SurveyorIds: [],
          DeviceGuid: null,
          PlannedDate: null,
        },
        lang,
        tx,
        { kind: 'remeasure', order: order.orderNumber },
      );
      if (site && order.pointIndex !== null) {
        await new TasksRepository(tx).setRemeasurePointIndexes(auth.companyId, taskId, [order.pointIndex]);
      }
      await repository.update(auth.companyId, id, { remeasureTaskId: taskId });
      await repository.addEvents(auth.companyId, [
        {
          workOrderId: id,
          action: 'remeasureCreated',
          userId: auth.userId,
          userName: await this.userName(tx, auth),
        },
      ]);
      await raiseWorkOrderEvents(tx, auth.companyId, [id]);
      return taskId;
    });
  }
}
