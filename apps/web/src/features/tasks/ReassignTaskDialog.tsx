import type { TaskRow } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { DevicePeopleFields } from './DispatchFields.tsx';

interface ReassignForm {
  DeviceGuid?: string;
  SurveyorIds?: string[];
}

/** Changes the device and surveyors of a pending task. */
export default function ReassignTaskDialog({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const { t } = useTranslation(['tasks', 'common']);
  const [form] = Form.useForm<ReassignForm>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  const save = async (values: ReassignForm) => {
    setSaving(true);
    try {
      await callApi(routes.tasks.reassignTask, {
        TaskId: task.TaskId,
        DeviceGuid: values.DeviceGuid ?? null,
        SurveyorIds: values.SurveyorIds ?? [],
      });
      notify.success(t('done.reassigned'));
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${t('reassign.title')}: ${task.Name}`}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        initialValues={{
          DeviceGuid: task.DeviceGuid ?? undefined,
          SurveyorIds: task.Surveyors.map((person) => person.UserId),
        }}
      >
        <DevicePeopleFields projectId={task.ProjectId} stacked />
      </Form>
    </Modal>
  );
}
