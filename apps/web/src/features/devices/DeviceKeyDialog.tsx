import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/feedback/notify.ts';

/** The new device key, shown once with a copy button; it cannot be shown again after closing. */
export default function DeviceKeyDialog({
  deviceNumber,
  deviceKey,
  onClose,
}: {
  deviceNumber: string;
  deviceKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['devices', 'common']);
  async function copy() {
    try {
      await navigator.clipboard.writeText(deviceKey);
      notify.success(t('activate.copied'));
    } catch {
      // No clipboard permission (plain http, an old browser): select the text for Ctrl+C.
      const input = document.querySelector<HTMLInputElement>('#device-key');
      input?.select();
    }
  }
  return (
    <Modal
      open
      title={t('activate.title', { number: deviceNumber })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common:action.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('activate.keyHelp')} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="device-key"
          readOnly
          value={deviceKey}
          aria-label={t('activate.keyTitle')}
          data-testid="device-key"
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('activate.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
