import type { TaskRow } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { deviceOptions, surveyorOptions } from './taskOptions.ts';

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
  const options = useQuery({
    queryKey: ['tasks', 'options', task.ProjectId],
    queryFn: ({ signal }) => callApi(routes.tasks.getTaskOptions, { ProjectId: task.ProjectId }, { signal }),
  });

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
        <Form.Item name="DeviceGuid" label={t('field.device')}>
          <Select
            allowClear
            loading={options.isLoading}
            placeholder={t('placeholder.device')}
            options={deviceOptions(options.data)}
          />
        </Form.Item>
        <Form.Item name="SurveyorIds" label={t('field.surveyors')}>
          <Select
            mode="multiple"
            allowClear
            loading={options.isLoading}
            placeholder={t('placeholder.surveyors')}
            options={surveyorOptions(options.data)}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
