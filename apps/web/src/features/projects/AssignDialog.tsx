import type { ProjectRow } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { projectKey } from './projectForm.ts';

interface Values {
  HouseMapId?: string;
  BuildingNumber: string;
  FloorFrom: number;
  FloorTo: number;
  Households?: number[];
}
const FIELDS = ['HouseMapId', 'BuildingNumber', 'FloorFrom', 'FloorTo', 'Households'] as const;

/**
 * Give a house type to the households of a range of floors of one building (all households when
 * none are picked), or remove the house types of such a range (`unassign`).
 */
export default function AssignDialog({
  project,
  mode,
  houseMapId,
  onClose,
}: {
  project: ProjectRow;
  mode: 'assign' | 'unassign';
  houseMapId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buildingNumber = Form.useWatch('BuildingNumber', form);
  const floorFrom = Form.useWatch('FloorFrom', form);
  const first = project.DetailsInfo[0];
  // Before the form's first render the watched value is undefined: the first building is the initial one.
  const building = project.DetailsInfo.find((item) => item.BuildingNumber === buildingNumber) ?? first;

  const houseMaps = useQuery({
    queryKey: [...projectKey(project.ProjectId), 'house-maps', 'all'],
    queryFn: ({ signal }) =>
      callApi(routes.houseMaps.houseMapList, { ProjectId: project.ProjectId, PageSize: 200 }, { signal }),
  });

  async function save(values: Values) {
    setSaving(true);
    setFailure(null);
    const range = {
      ProjectId: project.ProjectId,
      BuildingNumber: values.BuildingNumber,
      FloorFrom: values.FloorFrom,
      FloorTo: values.FloorTo,
      Households: values.Households?.length ? values.Households : null,
    };
    try {
      if (mode === 'assign') {
        const result = await callApi(routes.houseMaps.assignHouseMapToFloors, {
          ...range,
          HouseMapId: values.HouseMapId ?? '',
        });
        notify.success(t('assign.done', { count: result.Assigned }));
      } else {
        const result = await callApi(routes.houseMaps.unassignHouseMapFromFloors, {
          ...range,
          HouseMapId: values.HouseMapId ?? null,
        });
        notify.success(t('assign.removed', { count: result.Removed }));
      }
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else if (isApiError(error) && !error.shown) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  const stories = building?.Stories ?? 1;
  return (
    <FormDialog
      form={form}
      title={mode === 'assign' ? t('assign.title') : t('assign.unassignTitle')}
      width={560}
      okText={mode === 'assign' ? t('assign.ok') : t('assign.unassignOk')}
      okButtonProps={{ danger: mode === 'unassign' }}
      saving={saving}
      failure={failure}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          HouseMapId: houseMapId,
          BuildingNumber: first?.BuildingNumber,
          FloorFrom: 1,
          FloorTo: first?.Stories ?? 1,
        }}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Partial<Values>) => {
          setFailure(null);
          if (changed.BuildingNumber !== undefined) {
            const next = project.DetailsInfo.find((item) => item.BuildingNumber === changed.BuildingNumber);
            form.setFieldsValue({ FloorFrom: 1, FloorTo: next?.Stories ?? 1, Households: [] });
          }
        }}
      >
        <Form.Item
          name="HouseMapId"
          label={t('assign.houseMap')}
          rules={mode === 'assign' ? [{ required: true, message: t('assign.houseMapRequired') }] : []}
          extra={mode === 'unassign' ? t('assign.unassignHelp') : undefined}
        >
          <Select
            allowClear={mode === 'unassign'}
            loading={houseMaps.isLoading}
            aria-label={t('assign.houseMap')}
            options={(houseMaps.data?.Items ?? []).map((item) => ({
              value: item.HouseMapId,
              label: item.Name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="BuildingNumber"
          label={t('building.BuildingNumber')}
          rules={[{ required: true, message: t('assign.buildingRequired') }]}
        >
          <Select
            aria-label={t('building.BuildingNumber')}
            options={project.DetailsInfo.map((item) => ({
              value: item.BuildingNumber,
              label: t('tree.building', {
                number: item.BuildingNumber,
                stories: item.Stories,
                households: item.Households,
              }),
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="FloorFrom"
              label={t('assign.floorFrom')}
              rules={[{ required: true, message: t('assign.floorRequired') }]}
            >
              <InputNumber
                min={1}
                max={stories}
                precision={0}
                style={{ width: '100%' }}
                aria-label={t('assign.floorFrom')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="FloorTo"
              label={t('assign.floorTo')}
              dependencies={['FloorFrom']}
              rules={[
                { required: true, message: t('assign.floorRequired') },
                {
                  validator: async (_rule, value: number | null) => {
                    if (value !== null && floorFrom && value < floorFrom)
                      throw new Error(t('assign.floorOrder'));
                  },
                },
              ]}
            >
              <InputNumber
                min={1}
                max={stories}
                precision={0}
                style={{ width: '100%' }}
                aria-label={t('assign.floorTo')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Households" label={t('assign.households')} extra={t('assign.householdsHelp')}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('assign.households')}
            options={Array.from({ length: building?.Households ?? 0 }, (_item, index) => ({
              value: index + 1,
              label: t('assign.household', { number: index + 1 }),
            }))}
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
