import { apiRoutes } from '@measure/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { sameAs } from '../../shared/forms/sameAs.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Old, new and confirmed password; used by the change-password page, the forced-change dialog and
 * (`operator`) the platform operator's own dialog, whose call has the same body and rules.
 */
export function PasswordChangeForm({
  onDone,
  extraAction,
  operator = false,
}: {
  onDone?: () => void;
  extraAction?: React.ReactNode;
  operator?: boolean;
}) {
  const { t } = useTranslation(['auth', 'messages']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function submit(values: Values) {
    setSaving(true);
    try {
      await callApi(operator ? routes.operatorConsole.changePassword : routes.account.changePassword, {
        OldPassword: values.oldPassword,
        NewPassword: values.newPassword,
      });
      notify.success(t('password.changed'));
      form.resetFields();
      onDone?.();
    } catch (error) {
      showError(error, t('password.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldTip') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        rules={[bodyFieldRule(apiRoutes.account.changePassword, 'NewPassword')]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmTip') },
          sameAs('newPassword', () => t('messages:rules.passwordConfirm')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('password.submit')}
        </Button>
        {extraAction}
      </Form.Item>
    </Form>
  );
}
