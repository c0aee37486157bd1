import { WORK_ORDER_LIMITS, WORK_ORDER_PICTURE_LIMITS, type WorkOrderRow } from '@measure/contract';
import { Form, Input, Modal, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { uploadFailureText } from '../../shared/api/uploadErrors.ts';
import { uploadWithProgress } from '../../shared/api/upload.ts';
import { notify } from '../../shared/feedback/notify.ts';
import './i18n.ts';

const MB = 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png'];
type Uploaded = { FileId: string };

/**
 * Completes a work order with the remark the server requires and photos: each one (JPEG or PNG, at
 * most 10 MB, checked here and again by the server) is uploaded as soon as it is chosen, with its
 * progress; OK sends the remark and the ids of the uploaded photos.
 */
export function CompleteDialog({
  order,
  onOk,
  onClose,
}: {
  order: WorkOrderRow;
  onOk: (remark: string, pictureFileIds: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('work-orders');
  const [form] = Form.useForm<{ Remark: string }>();
  const [files, setFiles] = useState<UploadFile<Uploaded>[]>([]);
  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (files.length + batch.indexOf(file) >= WORK_ORDER_LIMITS.maxPictures) {
      notify.error(t('photos.tooMany', { count: WORK_ORDER_LIMITS.maxPictures }));
      return Upload.LIST_IGNORE;
    }
    if (!TYPES.includes(file.type) || !/\.(jpe?g|png)$/i.test(file.name)) {
      notify.error(t('photos.type'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > WORK_ORDER_PICTURE_LIMITS.maxBytes) {
      notify.error(t('photos.tooLarge', { max: WORK_ORDER_PICTURE_LIMITS.maxBytes / MB }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps<Uploaded>['customRequest'] = ({
    file,
    onProgress,
    onSuccess,
    onError,
  }) => {
    const form = new FormData();
    form.append('WorkOrderId', order.WorkOrderId);
    form.append('file', file as Blob, (file as File).name);
    uploadWithProgress(routes.workOrders.uploadPicture, form, {
      onProgress: (loaded, total) => onProgress?.({ percent: total ? (loaded / total) * 100 : 0 }),
    }).then(
      (result) => onSuccess?.(result),
      (error: unknown) => {
        const failure = uploadFailureText(error);
        if (failure) notify.error(failure);
        else showError(error);
        onError?.(error as Error);
      },
    );
  };
  const submit = async () => {
    const values = await form.validateFields();
    if (files.some((file) => file.status === 'uploading')) {
      notify.warning(t('photos.uploading'));
      return;
    }
    const ids = files
      .filter((file) => file.status === 'done' && file.response)
      .map((file) => (file.response as Uploaded).FileId);
    await onOk(values.Remark, ids);
  };
  return (
    <Modal
      open
      title={t('dialog.completeTitle', { number: order.OrderNumber })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="Remark"
          label={t('field.completionRemark')}
          rules={[{ required: true, whitespace: true }, { max: 200 }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          label={t('photos.title')}
          extra={t('photos.hint', {
            count: WORK_ORDER_LIMITS.maxPictures,
            max: WORK_ORDER_PICTURE_LIMITS.maxBytes / MB,
          })}
        >
          <Upload<Uploaded>
            listType="picture-card"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            multiple
            maxCount={WORK_ORDER_LIMITS.maxPictures}
            fileList={files}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            onChange={({ fileList }) => setFiles(fileList.filter((file) => file.status !== 'error'))}
          >
            {files.length < WORK_ORDER_LIMITS.maxPictures && t('photos.add')}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
