import type { TaskRow } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';

type TaskRef = Pick<TaskRow, 'TaskId' | 'Name'>;

/** Cancel, delete, start and finish, each after a confirmation; shared by the task pages. */
export function useTaskActions() {
  const { t } = useTranslation(['tasks', 'common']);
  const modal = useModal();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tasks'] });

  const confirm = (content: string, danger: boolean, run: () => Promise<void>) =>
    modal.confirm({
      title: t('common:action.ok'),
      content,
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
        } catch (error) {
          showError(error);
        } finally {
          await refresh();
        }
      },
    });

  return {
    refresh,
    cancel: (task: TaskRef) =>
      confirm(t('confirm.cancel', { name: task.Name }), true, async () => {
        await callApi(routes.tasks.cancelTask, { TaskId: task.TaskId });
        notify.success(t('done.cancelled'));
      }),
    remove: (tasks: TaskRef[], onDone?: () => void) =>
      confirm(t('confirm.delete', { count: tasks.length }), true, async () => {
        const result = await callApi(routes.tasks.deleteTask, { Ids: tasks.map((task) => task.TaskId) });
        notify.success(t('done.deleted', { count: result.Deleted }));
        onDone?.();
      }),
    start: (task: TaskRef) =>
      confirm(t('confirm.start', { name: task.Name }), false, async () => {
        await callApi(routes.tasks.startTask, { TaskId: task.TaskId });
        notify.success(t('done.started'));
      }),
    finish: (task: TaskRef) =>
      confirm(t('confirm.finish', { name: task.Name }), false, async () => {
        await callApi(routes.tasks.finishTask, { TaskId: task.TaskId });
        notify.success(t('done.finished'));
      }),
  };
}
