import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../shared/i18n/AntdProvider.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';

/**
 * Spec section 4: when login answers "<message>#<token>", the password is changed before entering.
 * Loaded by the login page when needed; antd (and its provider) come with it.
 */
export default function MustChangePasswordDialog({
  open,
  onChanged,
  onCancel,
}: {
  open: boolean;
  onChanged: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AntdProvider>
      <Modal
        open={open}
        title={t('password.mustChangeTitle')}
        footer={null}
        closable={false}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <p>{t('password.mustChange')}</p>
        <PasswordChangeForm
          onDone={onChanged}
          extraAction={
            <Button style={{ marginInlineStart: 8 }} onClick={onCancel}>
              {t('common:action.cancel')}
            </Button>
          }
        />
      </Modal>
    </AntdProvider>
  );
}
