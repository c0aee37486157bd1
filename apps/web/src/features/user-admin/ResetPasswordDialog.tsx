import { apiRoutes, type UserRow } from '@measure/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { sameAs } from '../../shared/forms/sameAs.ts';

interface Values {
  Password: string;
  Confirm: string;
}

/** An administrator sets a user's password; the user must change it at the next sign-in. */
export default function ResetPasswordDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useTranslation(['user-admin', 'common', 'messages']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function save(values: Values) {
    setSaving(true);
    try {
      await callApi(routes.userAdmin.resetPassword, { UserId: user.UserId, Password: values.Password });
      notify.success(t('reset.done'));
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, ['Password']);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('reset.title', { name: user.Name })}
      onCancel={onClose}
      okText={t('common:action.ok')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          {dialog}
        </Form>
      )}
    >
      <p>{t('reset.help')}</p>
      <Form.Item
        name="Password"
        label={t('reset.password')}
        extra={t('passwordRule')}
        rules={[bodyFieldRule(apiRoutes.userAdmin.resetPassword, 'Password')]}
        required
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="Confirm"
        label={t('reset.confirm')}
        dependencies={['Password']}
        rules={[
          { required: true, message: t('reset.confirmTip') },
          sameAs('Password', () => t('messages:rules.passwordConfirm')),
        ]}
        required
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </Modal>
  );
}
