import type { MessageRow } from '@measure/contract';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import { taskDetailPath } from '../tasks/taskLabels.tsx';

/** The tag colour of each message kind, in the drawer and on the messages page. */
export const KIND_COLOR: Record<MessageRow['Kind'], string> = {
  version: 'purple',
  workOrderAssigned: 'blue',
  taskFinished: 'cyan',
  reportAudited: 'green',
  deviceOffline: 'red',
};

/** Where a message leads: its work order, else its task (version notices lead nowhere). */
export function targetOf(message: MessageRow): { path: string; label: 'openWorkOrder' | 'openTask' } | null {
  if (message.WorkOrderId) {
    return {
      path: `/${SUBSYSTEM.cloud}/workOrder?id=${encodeURIComponent(message.WorkOrderId)}`,
      label: 'openWorkOrder',
    };
  }
  if (message.TaskId) return { path: taskDetailPath(message.TaskId), label: 'openTask' };
  return null;
}

/** The messages page below /measurerobot (spec section 2, "message list"). */
export const MESSAGE_LIST_PAGE = 'messageList';
