import { InboxOutlined } from '@ant-design/icons';
import {
  floorArea,
  HOUSE_MAP_LIMITS,
  houseMapName,
  type HouseMapRow,
  type ProjectRow,
} from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi, uploadFile } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { uploadFailureOf } from '../../shared/api/uploadErrors.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { fileSizeText, planFileProblem, planKindOf } from './projectForm.ts';

interface Values {
  Name: string;
  FloorArea?: string;
  StandardFloor?: boolean;
  ProjectId?: string;
}

const FIELDS = ['Name', 'FloorArea', 'StandardFloor', 'ProjectId'] as const;
const IMAGE_MB = HOUSE_MAP_LIMITS.maxImageBytes / 1024 / 1024;
const DXF_MB = HOUSE_MAP_LIMITS.maxDxfBytes / 1024 / 1024;

/**
 * Upload a house type (a jpg/jpeg/png plan up to 5 MB or a DXF drawing up to the contract's limit,
 * with name, floor area and standard floor), rename one, or copy one into another project.
 */
export default function HouseMapDialog({
  project,
  mode,
  houseMap,
  onClose,
  onSaved,
}: {
  project: ProjectRow;
  mode: 'upload' | 'rename' | 'copy';
  houseMap: HouseMapRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['projects', 'common']);
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const targets = useQuery({
    queryKey: ['projects', 'selectItems'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
    enabled: mode === 'copy',
  });

  function choose(chosen: File) {
    const problem = planFileProblem(chosen, HOUSE_MAP_LIMITS);
    setFailure(null);
    if (problem) {
      setFile(null);
      setFileError(t(`houseMap.file.${problem.key}`, { maxMb: 'maxMb' in problem ? problem.maxMb : 0 }));
      return;
    }
    setFileError(null);
    setFile(chosen);
    // The file's name is a good first guess for the house type's name.
    if (!form.getFieldValue('Name')) {
      const base = chosen.name
        .replace(/\.[^.]+$/, '')
        .replace(/[^\p{Script=Han}\w]/gu, '_')
        .slice(0, 20);
      form.setFieldValue('Name', base);
    }
  }

  async function save(values: Values) {
    if (mode === 'upload' && !file) {
      setFileError(t('houseMap.file.required'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      if (mode === 'upload' && file) {
        await uploadFile(routes.houseMaps.houseMapUpdate, file, file.name, {
          fields: {
            ProjectId: project.ProjectId,
            Name: values.Name.trim(),
            FloorArea: String(values.FloorArea ?? '').trim(),
            StandardFloor: values.StandardFloor ?? true,
            MapType: planKindOf(file.name),
          },
        });
        notify.success(t('houseMap.uploaded'));
      } else if (mode === 'rename' && houseMap) {
        await callApi(routes.houseMaps.houseMapUpdateName, {
          HouseMapId: houseMap.HouseMapId,
          Name: values.Name,
        });
        notify.success(t('houseMap.renamed'));
      } else if (mode === 'copy' && houseMap) {
        await callApi(routes.houseMaps.copyHouseMap, {
          HouseMapId: houseMap.HouseMapId,
          ProjectId: values.ProjectId ?? '',
          Name: values.Name,
        });
        notify.success(t('houseMap.copied'));
      }
      onSaved();
      onClose();
    } catch (error) {
      const failure = uploadFailureOf(error, FIELDS, { HouseMapId: 'Name', Id: 'Name' });
      form.setFields(failure.fields);
      // A refused file (type, size, content) at the picker; 423 (published) and the like in the dialog.
      if (failure.file) setFileError(failure.file);
      if (failure.message) setFailure(failure.message);
    } finally {
      setSaving(false);
    }
  }

  const title =
    mode === 'upload'
      ? t('houseMap.upload')
      : mode === 'rename'
        ? t('houseMap.renameTitle', { name: houseMap?.Name })
        : t('houseMap.copyTitle', { name: houseMap?.Name });

  return (
    <FormDialog
      form={form}
      title={title}
      width={600}
      okText={mode === 'upload' ? t('houseMap.uploadOk') : t('common:action.save')}
      saving={saving}
      failure={failure}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          Name: mode === 'rename' ? houseMap?.Name : mode === 'copy' ? houseMap?.Name : '',
          StandardFloor: true,
        }}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setFailure(null)}
      >
        {mode === 'upload' && (
          <Form.Item
            label={t('houseMap.file.label')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? t('houseMap.file.help', { imageMb: IMAGE_MB, dxfMb: DXF_MB })}
          >
            <Upload.Dragger
              accept=".jpg,.jpeg,.png,.dxf"
              multiple={false}
              showUploadList={false}
              beforeUpload={(chosen) => {
                choose(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">
                {file ? `${file.name} (${fileSizeText(file.size)})` : t('houseMap.file.drop')}
              </p>
            </Upload.Dragger>
          </Form.Item>
        )}
        {mode === 'copy' && (
          <Form.Item
            name="ProjectId"
            label={t('houseMap.copyTarget')}
            rules={[{ required: true, message: t('houseMap.copyTargetRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={targets.isLoading}
              aria-label={t('houseMap.copyTarget')}
              options={(targets.data ?? [])
                .filter((item) => item.ProjectId !== project.ProjectId)
                .map((item) => ({ value: item.ProjectId, label: item.Name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="Name"
          label={t('houseMap.field.Name')}
          rules={[zodRule(houseMapName)]}
          extra={t('houseMap.nameHelp')}
          required
        >
          <Input maxLength={20} showCount />
        </Form.Item>
        {mode === 'upload' && (
          <>
            <Form.Item
              name="FloorArea"
              label={t('houseMap.field.FloorArea')}
              rules={[zodRule(floorArea)]}
              extra={t('houseMap.floorAreaHelp')}
              required
            >
              <Input inputMode="decimal" maxLength={11} suffix="m²" />
            </Form.Item>
            <Form.Item name="StandardFloor" label={t('houseMap.field.StandardFloor')}>
              <Radio.Group
                options={[
                  { value: true, label: t('houseMap.standard') },
                  { value: false, label: t('houseMap.nonStandard') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {mode === 'copy' && <Typography.Text type="secondary">{t('houseMap.copyHelp')}</Typography.Text>}
      </Form>
    </FormDialog>
  );
}
