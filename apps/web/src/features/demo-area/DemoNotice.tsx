import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** Says on every demo page that the data is the platform's example, apart and read-only. */
export function DemoNotice() {
  const { t } = useTranslation('demo-area');
  return <Alert type="info" showIcon message={t('notice')} data-testid="demo-notice" />;
}
