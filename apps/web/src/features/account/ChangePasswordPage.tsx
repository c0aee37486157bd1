import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordChangeForm } from '../auth/PasswordChangeForm.tsx';

/** The same form as the forced-change dialog; the server keeps this session and ends the others. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  return (
    <Card title={t('changePasswordTitle')} style={{ maxWidth: 520 }}>
      <PasswordChangeForm />
    </Card>
  );
}
