import { apiRoutes, ROLE_LABELS, type SelfInfo } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { useSelf } from '../auth/self.ts';
import { selfQuery } from '../auth/selfQuery.ts';

interface Values {
  Name: string;
  Email: string;
  Phone: string;
  Position: string;
  Department: string;
  Gender: 0 | 1 | 2;
}

const route = apiRoutes.account.editMe;
const call = routes.account.editMe;
const FIELDS = ['Name', 'Email', 'Phone', 'Position', 'Department'] as const;

/** Personal centre (`aboug`): the signed-in user's profile, editable through EditMe. */
export default function ProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  const self = useSelf();
  const [editing, setEditing] = useState(false);

  if (!self.data) return <Card title={t('title')}>{self.isError ? null : <Skeleton active />}</Card>;
  const user = self.data;
  const language = currentLanguage();
  const value = (text: string | null | undefined) => text || '-';

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" onClick={() => setEditing(true)}>
          {t('common:action.edit')}
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('field.Name')}>{user.Name}</Descriptions.Item>
        <Descriptions.Item label={t('field.Email')}>{user.Email}</Descriptions.Item>
        <Descriptions.Item label={t('field.Phone')}>{value(user.PhoneNumber)}</Descriptions.Item>
        <Descriptions.Item label={t('field.Gender')}>{t(`gender.${user.Gender}`)}</Descriptions.Item>
        <Descriptions.Item label={t('field.Position')}>{value(user.Position)}</Descriptions.Item>
        <Descriptions.Item label={t('field.Department')}>{value(user.Department)}</Descriptions.Item>
        <Descriptions.Item label={t('field.Company')}>{user.CompanyName}</Descriptions.Item>
        <Descriptions.Item label={t('field.Org')}>{value(user.OrgName)}</Descriptions.Item>
        <Descriptions.Item label={t('field.Roles')}>
          {value(user.RoleNameList.map((role) => ROLE_LABELS[role][language]).join(', '))}
        </Descriptions.Item>
      </Descriptions>
      {editing && <EditProfileDialog user={user} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function EditProfileDialog({ user, onClose }: { user: SelfInfo; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(values: Values) {
    setSaving(true);
    try {
      const updated = await callApi(call, values);
      queryClient.setQueryData(selfQuery.queryKey, updated);
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      // Field errors of a Code 400 answer go next to their fields.
      const fields = isApiError(error)
        ? error.fieldErrors.flatMap((item) => {
            const name = FIELDS.find((field) => field.toLowerCase() === item.Field.toLowerCase());
            return name ? [{ name, errors: [item.Message] }] : [];
          })
        : [];
      if (fields.length) form.setFields(fields);
      else showError(error, t('saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('editTitle')}
      onCancel={onClose}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            Name: user.Name,
            Email: user.Email,
            Phone: user.PhoneNumber ?? '',
            Position: user.Position ?? '',
            Department: user.Department ?? '',
            Gender: user.Gender,
          }}
          onFinish={(values) => void save(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="Name" label={t('field.Name')} rules={[bodyFieldRule(route, 'Name')]} required>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="Email" label={t('field.Email')} rules={[bodyFieldRule(route, 'Email')]} required>
        <Input maxLength={50} autoComplete="email" />
      </Form.Item>
      <Form.Item name="Phone" label={t('field.Phone')} rules={[bodyFieldRule(route, 'Phone')]}>
        <Input maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="Gender" label={t('field.Gender')}>
        <Select
          options={([0, 1, 2] as const).map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
        />
      </Form.Item>
      <Form.Item name="Position" label={t('field.Position')} rules={[bodyFieldRule(route, 'Position')]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="Department" label={t('field.Department')} rules={[bodyFieldRule(route, 'Department')]}>
        <Input maxLength={32} />
      </Form.Item>
    </Modal>
  );
}
