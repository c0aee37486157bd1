import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { apiRoutes, type ImportPreview, type ImportRow } from '@measure/contract';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, uploadFile } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { uploadFailureText } from '../../shared/api/uploadErrors.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { importFileProblem, summarise, withCommitErrors } from './userForm.ts';

const COLUMNS = ['Name', 'Email', 'Phone', 'Position', 'Department', 'Gender', 'OrgCode', 'Role'] as const;
const isColumn = (field: string): field is (typeof COLUMNS)[number] =>
  (COLUMNS as readonly string[]).includes(field);

/**
 * Import users from Excel: download the bilingual template, upload a filled copy, read the preview
 * with every row's problems, then create all users with one initial password, or none.
 */
export default function ImportUsersDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('user-admin');
  const [form] = Form.useForm<{ InitialPassword: string }>();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileName, setFileName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const summary = preview ? summarise(preview.Rows) : null;

  async function download() {
    setDownloading(true);
    try {
      await downloadFile(routes.userAdmin.importTemplate, t('import.templateName'));
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  }

  async function upload(file: File) {
    const problem = importFileProblem(file);
    if (problem) {
      setFileError(t(`import.${problem}`));
      return;
    }
    setFileError(null);
    setUploading(true);
    try {
      const result = await uploadFile(routes.userAdmin.importPreview, file, file.name);
      setPreview(result);
      setFileName(file.name);
      setOnlyErrors(result.Valid < result.Total);
    } catch (error) {
      // A file the server refuses as a whole (not an .xlsx, wrong header, too many rows).
      const failure = uploadFailureText(error);
      if (failure) setFileError(failure);
      else showError(error);
    } finally {
      setUploading(false);
    }
  }

  async function commit({ InitialPassword }: { InitialPassword: string }) {
    if (!preview) return;
    setCommitting(true);
    try {
      const result = await callApi(routes.userAdmin.importCommit, {
        ImportId: preview.ImportId,
        InitialPassword,
      });
      notify.success(t('import.committed', { count: result.Imported }));
      onImported();
      onClose();
    } catch (error) {
      if (isApiError(error) && !error.shown) {
        const password = error.fieldErrors.filter((item) => item.Field === 'InitialPassword');
        if (password.length) {
          form.setFields([{ name: 'InitialPassword', errors: password.map((item) => item.Message) }]);
          return;
        }
        // Rows became invalid since the preview (a user was created meanwhile): show them.
        if (error.fieldErrors.some((item) => item.Field.startsWith('Rows['))) {
          setPreview(withCommitErrors(preview, error.fieldErrors));
          setOnlyErrors(true);
        }
        // The preview expired: start again from the upload.
        if (error.fieldErrors.some((item) => item.Field === 'ImportId')) setPreview(null);
      }
      showError(error);
    } finally {
      setCommitting(false);
    }
  }

  const fieldLabel = (field: string) => (isColumn(field) ? t(`import.column.${field}`) : field);

  const columns: ColumnsType<ImportRow> = [
    { title: t('import.column.Row'), dataIndex: 'Row', width: 70, fixed: 'left' },
    {
      // The problems first, so they are in sight without scrolling.
      title: t('import.column.Errors'),
      dataIndex: 'Errors',
      width: 320,
      render: (errors: ImportRow['Errors']) =>
        errors.length ? (
          <Flex vertical gap={2}>
            {errors.map((error) => (
              <Typography.Text type="danger" key={`${error.Field}:${error.Message}`}>
                {t('import.errorLine', { field: fieldLabel(error.Field), message: error.Message })}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="success">{t('import.rowOk')}</Typography.Text>
        ),
    },
    ...COLUMNS.map((key) => ({
      title: t(`import.column.${key}`),
      dataIndex: key,
      width: key === 'Email' ? 200 : 120,
      ellipsis: true,
      render: (value: string) => value || '-',
    })),
  ];

  const rows = preview ? (onlyErrors ? preview.Rows.filter((row) => row.Errors.length) : preview.Rows) : [];

  return (
    <Modal
      open
      width={1100}
      title={t('import.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={t('import.help')} />
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {t('import.downloadTemplate')}
          </Button>
          {preview && (
            <Button onClick={() => setPreview(null)} disabled={committing}>
              {t('import.again')}
            </Button>
          )}
        </Space>
        {!preview && (
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{uploading ? t('import.uploading') : t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.limits')}</p>
          </Upload.Dragger>
        )}
        {fileError && <Alert type="error" showIcon title={fileError} />}
        {preview && summary && (
          <>
            <Alert
              type={summary.canCommit ? 'success' : 'error'}
              showIcon
              title={t('import.summary', {
                file: fileName,
                total: summary.total,
                valid: summary.valid,
                invalid: summary.invalid,
              })}
              description={summary.canCommit ? t('import.allValid') : t('import.fixFirst')}
            />
            <Checkbox checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)}>
              {t('import.onlyErrors')}
            </Checkbox>
            <Table<ImportRow>
              rowKey="Row"
              size="small"
              columns={columns}
              dataSource={rows}
              scroll={{ x: 1450, y: 360 }}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            />
            <Form form={form} layout="inline" onFinish={(values) => void commit(values)}>
              <Form.Item
                name="InitialPassword"
                label={t('import.initialPassword')}
                rules={[bodyFieldRule(apiRoutes.userAdmin.importCommit, 'InitialPassword')]}
                tooltip={t('passwordRule')}
                required
              >
                <Input.Password
                  maxLength={16}
                  autoComplete="new-password"
                  disabled={!summary.canCommit}
                  style={{ width: 220 }}
                />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={committing} disabled={!summary.canCommit}>
                  {t('import.commit', { count: summary.total })}
                </Button>
              </Form.Item>
            </Form>
            <Typography.Text type="secondary">{t('import.passwordHelp')}</Typography.Text>
          </>
        )}
      </Flex>
    </Modal>
  );
}
