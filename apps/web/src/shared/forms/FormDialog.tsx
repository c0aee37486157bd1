import { Alert, Modal, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  /** The form inside: the OK button submits it, so its own rules and onFinish run. */
  form: { submit(): void };
  title: ReactNode;
  width: number;
  /** Default: Save. */
  okText?: string;
  okButtonProps?: ButtonProps;
  saving: boolean;
  /** A failure without a field of its own, shown above the form. */
  failure?: string | null;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The dialog every create/edit form of the app sits in: open while mounted, Save submits the form,
 * Cancel or × closes it, a click beside it does not (typed input would be lost), and its content
 * is dropped when it closes.
 */
export function FormDialog({
  form,
  title,
  width,
  okText,
  okButtonProps,
  saving,
  failure,
  onClose,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      okText={okText ?? t('action.save')}
      okButtonProps={okButtonProps}
      cancelText={t('action.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {children}
    </Modal>
  );
}
