import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordChangeForm } from '../auth/PasswordChangeForm.tsx';

/** The platform operator changes its own password (users' rules); its other sessions end, this one stays. */
export function OperatorPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Modal open title={t('menu.changePassword')} footer={null} onCancel={onClose} destroyOnHidden>
      <PasswordChangeForm operator onDone={onClose} />
    </Modal>
  );
}
