import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { LANDING_PATH, loginPathFor, SUBSYSTEM } from '../../shared/routing/paths.ts';
import { useSession } from '../../shared/storage/useSession.ts';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  // Also shown outside the shell (unknown addresses), where no antd provider is around.
  return (
    <AntdProvider>
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <strong>{t('notFound.title')}</strong>
            <br />
            {t('notFound.subTitle')}
          </>
        }
        extra={
          <Button
            type="primary"
            onClick={() => navigate(session ? LANDING_PATH : loginPathFor(SUBSYSTEM.cloud))}
          >
            {t('action.backHome')}
          </Button>
        }
      />
    </AntdProvider>
  );
}
