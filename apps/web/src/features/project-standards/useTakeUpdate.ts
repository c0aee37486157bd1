import type { Stage } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { projectKey } from '../projects/projectForm.ts';

export interface TakeUpdateScope {
  /** One stage; all stages when missing. */
  stage?: Stage;
  /** Only these library items; the whole stage when missing. */
  measureItemIds?: string[];
  /** The question of the confirmation dialog. */
  question: string;
}

/**
 * "Take library update" (UpdateFromBase) after a confirmation; refreshes the project's queries. A
 * refusal (423 published, 404) is shown with the server's message.
 */
export function useTakeUpdate(projectId: string) {
  const { t } = useTranslation(['project-standards', 'common']);
  const modal = useModal();
  const queryClient = useQueryClient();
  return ({ stage, measureItemIds, question }: TakeUpdateScope) =>
    modal.confirm({
      title: t('takeUpdate.title'),
      content: question,
      okText: t('takeUpdate.ok'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await callApi(routes.projectStandards.updateFromBase, {
            ProjectId: projectId,
            Stage: stage ?? null,
            MeasureItemIds: measureItemIds ?? null,
          });
          notify.success(t('takeUpdate.done'));
        } catch (error) {
          showError(error);
        } finally {
          await queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
        }
      },
    });
}
