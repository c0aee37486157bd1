import { ROLE_LABELS } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';

/** Assigns the chosen devices to one enabled person of the company (all or nothing). */
export default function AssignDevicesDialog({
  deviceGuids,
  onClose,
  onAssigned,
}: {
  deviceGuids: string[];
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<{ DeviceUserId: string }>();
  const [saving, setSaving] = useState(false);
  const language = currentLanguage();
  const people = useQuery({
    queryKey: ['userAdmin', 'companyUsers'],
    queryFn: () => callApi(routes.userAdmin.getCompanyUserList),
  });
  const options = (people.data ?? [])
    .filter((user) => user.Status === 1)
    // Surveyors first: devices are mostly given to them.
    .sort((a, b) => Number(b.RoleNameList[0] === 'Surveyor') - Number(a.RoleNameList[0] === 'Surveyor'))
    .map((user) => {
      const role = user.RoleNameList[0];
      return {
        value: user.UserId,
        label: `${user.Name}${role ? ` · ${ROLE_LABELS[role][language]}` : ''}`,
        name: user.Name,
      };
    });

  async function save({ DeviceUserId }: { DeviceUserId: string }) {
    setSaving(true);
    try {
      const name = options.find((option) => option.value === DeviceUserId)?.name ?? null;
      const result = await callApi(routes.devices.assignDeviceUserBatch, {
        DeviceGuids: deviceGuids,
        DeviceUserId,
        DeviceUserName: name,
      });
      notify.success(t('assign.done', { count: result.Assigned }));
      onAssigned();
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, ['DeviceUserId']);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('assign.title', { count: deviceGuids.length })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:action.ok')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item
          name="DeviceUserId"
          label={t('assign.user')}
          rules={[{ required: true, message: t('assign.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={people.isLoading}
            placeholder={t('assign.userPlaceholder')}
            aria-label={t('assign.user')}
            options={options}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
