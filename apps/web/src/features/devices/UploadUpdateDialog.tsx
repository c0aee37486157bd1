import { InboxOutlined } from '@ant-design/icons';
import {
  DEVICE_TYPES,
  DEVICE_UPDATE_LIMITS,
  uploadUpdateFieldsSchema,
  type DeviceType,
  type UpdatePackage,
} from '@measure/contract';
import { Form, Input, Progress, Select, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../shared/api/routes.ts';
import { uploadFailureOf } from '../../shared/api/uploadErrors.ts';
import { uploadWithProgress } from '../../shared/api/upload.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { BROWSER_HASH_MAX_BYTES, formatBytes, sha256OfFile } from './updateChecksum.ts';

interface Values {
  Version: string;
  DeviceType: DeviceType;
  Notes?: string;
  Sha256: string;
}

const FORM_FIELDS = ['Version', 'DeviceType', 'Notes', 'Sha256'] as const;
const fieldRule = (name: keyof typeof uploadUpdateFieldsSchema.shape) =>
  zodRule(uploadUpdateFieldsSchema.shape[name]);
const MAX_MB = Math.round(DEVICE_UPDATE_LIMITS.maxFileBytes / 1024 / 1024);
const HASH_MB = Math.round(BROWSER_HASH_MAX_BYTES / 1024 / 1024);

/**
 * Uploads a software update package: version, device type, notes and the file. The browser computes
 * the SHA-256 of files it can read (up to 512 MB); for larger ones the checksum is pasted. The
 * server computes its own while the file streams in and refuses a mismatch.
 */
export default function UploadUpdateDialog({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (row: UpdatePackage) => void;
}) {
  const { t } = useTranslation(['devices', 'common', 'messages']);
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [hashing, setHashing] = useState(false);
  const [hashNote, setHashNote] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosenAt = useRef(0);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setFailure(null);
    setFileError(
      chosen.size > DEVICE_UPDATE_LIMITS.maxFileBytes
        ? t('messages:deviceUpdates.tooLarge', { maxMb: MAX_MB })
        : null,
    );
    setHashNote(null);
    const stamp = (chosenAt.current += 1);
    setHashing(true);
    const digest = await sha256OfFile(chosen);
    if (stamp !== chosenAt.current) return;
    setHashing(false);
    if (digest) {
      form.setFieldValue('Sha256', digest);
      void form.validateFields(['Sha256']);
    } else {
      form.setFieldValue('Sha256', '');
      setHashNote(t('updates.form.noHash'));
    }
  };

  const save = async (values: Values) => {
    if (!file) {
      setFileError(t('updates.form.fileRequired'));
      return;
    }
    if (fileError) return;
    const body = new FormData();
    body.append('Version', values.Version.trim());
    body.append('DeviceType', values.DeviceType);
    body.append('Notes', values.Notes?.trim() ?? '');
    body.append('Sha256', values.Sha256.trim());
    body.append('Size', String(file.size));
    body.append('file', file, file.name);
    setProgress(0);
    try {
      const row = await uploadWithProgress(routes.devices.uploadUpdate, body, {
        onProgress: (loaded, total) => setProgress(Math.floor((loaded / total) * 100)),
      });
      notify.success(t('updates.uploaded', { version: row.Version }));
      onUploaded(row);
    } catch (error) {
      const failure = uploadFailureOf(error, FORM_FIELDS);
      if (failure.file) setFileError(failure.file);
      form.setFields(failure.fields);
      if (failure.message) setFailure(failure.message);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <FormDialog
      form={form}
      title={t('updates.upload')}
      width={560}
      okText={t('updates.form.submit')}
      okButtonProps={{ disabled: hashing }}
      saving={uploading}
      failure={failure}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={uploading}
        initialValues={{ DeviceType: 'robot' }}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setFailure(null)}
      >
        <Form.Item
          label={t('updates.field.File')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Upload.Dragger
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text" data-testid="update-file">
              {file ? `${file.name} (${formatBytes(file.size)})` : t('updates.form.pick')}
            </p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item
          name="Version"
          label={t('updates.field.Version')}
          rules={[fieldRule('Version')]}
          extra={t('updates.form.versionHelp')}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item name="DeviceType" label={t('updates.field.DeviceType')} rules={[fieldRule('DeviceType')]}>
          <Select
            aria-label={t('updates.field.DeviceType')}
            options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="Notes" label={t('updates.field.Notes')} rules={[fieldRule('Notes')]}>
          <Input.TextArea rows={3} maxLength={DEVICE_UPDATE_LIMITS.maxNotesLength} showCount />
        </Form.Item>
        <Form.Item
          name="Sha256"
          label={t('updates.field.Sha256')}
          rules={[fieldRule('Sha256')]}
          extra={
            hashing
              ? t('updates.form.hashing')
              : (hashNote ?? t('updates.form.sha256Help', { maxMb: HASH_MB }))
          }
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {uploading && (
          <div>
            <Typography.Text type="secondary">{t('updates.form.uploading')}</Typography.Text>
            <Progress percent={progress} status="active" />
          </div>
        )}
      </Form>
    </FormDialog>
  );
}
