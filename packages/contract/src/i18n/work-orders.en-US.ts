import type { workOrdersMessagesZhCN } from './work-orders.zh-CN.ts';

/** Work order messages (English), typed against the Chinese keys. */
export const workOrdersMessagesEnUS: Record<keyof typeof workOrdersMessagesZhCN, string> = {
  'workOrders.typeInvalid': 'Choose a work order type (rectify or re-measure)',
  'workOrders.commentTargetInvalid': 'A comment is on a work order or a task',
  'workOrders.commentAdded': 'Comment posted',
  'workOrders.floorOutsideBuilding': 'Building {building} has no floor {floor}',
  'workOrders.taskNotInProject': 'The task is not one of this project',
  'workOrders.siteNotInTask': 'The task has no site {index}',
  'workOrders.sitePlaceMismatch':
    'Site {index} is in building {building}, floor {floor}, household {household}: not the place of the work order',
  'workOrders.itemNotAtSite': 'Site {index} has no readings of item {code}',
  'workOrders.pinNeedsHousehold': 'A pin on the plan needs the household, and both X and Y',
  'workOrders.noHouseType':
    'Building {building}, floor {floor}, household {household} has no house type plan to pin on',
  'workOrders.pinOutsidePlan': 'The pin ({x}, {y}) is outside the plan',
  'workOrders.assigneeInvalid': 'The assignee does not exist, is disabled or cannot see this project',
  'workOrders.illegalMove': 'The work order is "{from}": it cannot {action}',
  'workOrders.notAssignee': 'Only the assignee or an administrator who distributes work may do this',
  'workOrders.notCompleted': 'A re-measure task can be made only once the work order is completed',
  'workOrders.remeasureExists': 'This work order already has a re-measure task',
  'workOrders.pictureInvalid': 'Photo {file} does not exist or is not fully uploaded',
  'workOrders.created': 'Work order {number} created',
  'workOrders.createdMany': '{count|# work order|# work orders} created',
  'workOrders.assigned': 'Work order assigned',
  'workOrders.started': 'Work order started',
  'workOrders.completed': 'Work order completed',
  'workOrders.remeasureCreated': 'Re-measure task created',
  'workOrders.action.assign': 'be assigned',
  'workOrders.action.start': 'be started',
  'workOrders.action.complete': 'be completed',
  'workOrders.state.undistributed': 'Undistributed',
  'workOrders.state.unstart': 'Not started',
  'workOrders.state.start': 'In progress',
  'workOrders.state.completed': 'Completed',
  'workOrders.remeasureName': '{order} re-measure',
};
