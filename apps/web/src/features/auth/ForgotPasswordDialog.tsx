import { AccountType, apiRoutes, rules } from '@measure/contract';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { sameAs } from '../../shared/forms/sameAs.ts';

interface Values {
  accountType: 1 | 2;
  account: string;
  verifyCode: string;
  password: string;
  confirmPassword: string;
}

const RESEND_SECONDS = 60;

interface Props {
  open: boolean;
  onClose: (account?: string) => void;
}

/** Loaded by the login page when opened; antd (and its provider) come with it. */
export default function ForgotPasswordDialog(props: Props) {
  return (
    <AntdProvider>
      <ForgotPassword {...props} />
    </AntdProvider>
  );
}

/** Reset a forgotten password with a code sent to the account's email or phone. */
function ForgotPassword({ open, onClose }: Props) {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  const [form] = Form.useForm<Values>();
  const accountType = Form.useWatch('accountType', form) ?? AccountType.Email;
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  async function sendCode() {
    const { account } = await form.validateFields(['account']).catch(() => ({ account: null }));
    if (!account) return;
    setSending(true);
    try {
      const target = accountType === AccountType.Email ? { Email: account } : { PhoneNumber: account };
      await callApi(routes.account.verifyCodeGet, { ...target, AccountType: accountType, OperationType: 1 });
      notify.success(t('forgot.codeSent'));
      setCountdown(RESEND_SECONDS);
    } catch (error) {
      showError(error, t('forgot.codeFailed'));
    } finally {
      setSending(false);
    }
  }

  async function submit(values: Values) {
    setSaving(true);
    try {
      await callApi(routes.account.resetPassword, {
        Email: values.account,
        VerifyCode: values.verifyCode,
        AccountType: values.accountType,
        Password: values.password,
      });
      notify.success(t('forgot.done'));
      form.resetFields();
      onClose(values.account);
    } catch (error) {
      showError(error, t('forgot.failed'));
    } finally {
      setSaving(false);
    }
  }

  const accountRule = zodRule(accountType === AccountType.Email ? rules.email : rules.phone);
  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      onCancel={() => onClose()}
      okText={t('forgot.submit')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ accountType: AccountType.Email }}
          onFinish={(values) => void submit(values)}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item name="accountType" label={t('forgot.accountType')}>
        <Radio.Group onChange={() => form.setFields([{ name: 'account', value: '', errors: [] }])}>
          <Radio value={AccountType.Email}>{t('forgot.byEmail')}</Radio>
          <Radio value={AccountType.Phone}>{t('forgot.byPhone')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="account"
        label={accountType === AccountType.Email ? t('forgot.email') : t('forgot.phone')}
        rules={[accountRule]}
      >
        <Input maxLength={accountType === AccountType.Email ? 50 : 11} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="verifyCode"
        label={t('forgot.code')}
        rules={[
          { required: true, message: t('forgot.codeTip') },
          bodyFieldRule(apiRoutes.account.resetPassword, 'VerifyCode'),
        ]}
      >
        <Input
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('forgot.codePlaceholder')}
          suffix={
            <Button
              type="link"
              size="small"
              onClick={() => void sendCode()}
              loading={sending}
              disabled={countdown > 0}
            >
              {countdown > 0 ? t('forgot.resend', { seconds: countdown }) : t('forgot.getCode')}
            </Button>
          }
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={[bodyFieldRule(apiRoutes.account.resetPassword, 'Password')]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.confirmTip') },
          sameAs('password', () => t('messages:rules.passwordConfirm')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </Modal>
  );
}
