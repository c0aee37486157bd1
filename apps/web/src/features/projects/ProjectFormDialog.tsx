import { PlusOutlined } from '@ant-design/icons';
import { apiRoutes, buildingInputSchema, DELIVERY_STANDARDS, type ProjectRow } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Col, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowColumn } from '../../shared/forms/removeRowColumn.tsx';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { useCan } from '../auth/permissions.ts';
import {
  formValuesOf,
  isDuplicateBuilding,
  newBuilding,
  nextBuildingNumber,
  PROJECT_FORM_FIELDS,
  projectPayload,
  type BuildingValues,
  type ProjectFormValues,
} from './projectForm.ts';

const route = apiRoutes.projects.add;
const building = buildingInputSchema.shape;

/**
 * Create or edit a project with its buildings. The rules are the contract's; the server's answer
 * (400 fields, 409 duplicate name or a building in use, 423 published) is shown in the dialog.
 */
export default function ProjectFormDialog({
  project,
  onClose,
  onSaved,
}: {
  project: ProjectRow | null;
  onClose: () => void;
  onSaved: (project: ProjectRow) => void;
}) {
  const { t } = useTranslation('projects');
  const can = useCan();
  const [form] = Form.useForm<ProjectFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buildings = Form.useWatch('DetailsInfo', form);

  // Suggestions for the project manager: the company's users, when the caller may list them.
  const users = useQuery({
    queryKey: ['userAdmin', 'company'],
    queryFn: () => callApi(routes.userAdmin.getCompanyUserList, undefined, { quiet: true }),
    enabled: can('user.view'),
  });
  const managerOptions = [...new Set((users.data ?? []).map((user) => user.Name))].map((name) => ({
    value: name,
  }));

  async function save(values: ProjectFormValues) {
    setSaving(true);
    setFailure(null);
    try {
      const body = projectPayload(values);
      const saved = project
        ? await callApi(routes.projects.update, { ...body, ProjectId: project.ProjectId })
        : await callApi(routes.projects.add, body);
      notify.success(project ? t('form.saved') : t('form.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, PROJECT_FORM_FIELDS, { Details: 'DetailsInfo' });
      if (fields.length) form.setFields(fields);
      // 423 (published), 409 (building in use) and the like: the server's message, in the dialog.
      if (isApiError(error) && !error.shown && !fields.length) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  const text = (name: keyof ProjectFormValues, max: number, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`field.${name}`)} rules={[bodyFieldRule(route, name)]}>
        <Input maxLength={max} showCount />
      </Form.Item>
    </Col>
  );

  return (
    <FormDialog
      form={form}
      title={project ? t('form.editTitle', { name: project.Name }) : t('form.createTitle')}
      width={920}
      saving={saving}
      failure={failure}
      onClose={onClose}
    >
      {project?.IsPublished && !failure && (
        <Alert type="warning" showIcon title={t('form.publishedHint')} style={{ marginBottom: 16 }} />
      )}
      <Form<ProjectFormValues>
        form={form}
        layout="vertical"
        initialValues={project ? formValuesOf(project) : { DetailsInfo: [newBuilding('1')] }}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setFailure(null)}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="Name" label={t('field.Name')} rules={[bodyFieldRule(route, 'Name')]} required>
              <Input maxLength={20} showCount />
            </Form.Item>
          </Col>
          {text('Address', 50)}
          {text('Province', 20, 8)}
          {text('City', 20, 8)}
          {text('District', 20, 8)}
          {text('DetailedAddress', 50)}
          <Col xs={24} md={12}>
            <Form.Item
              name="ProjectManager"
              label={t('field.ProjectManager')}
              rules={[bodyFieldRule(route, 'ProjectManager')]}
            >
              <AutoComplete options={managerOptions} maxLength={32} filterOption />
            </Form.Item>
          </Col>
          {text('RegionalCompany', 64, 24)}
        </Row>
        <Form.List name="DetailsInfo">
          {(fields, { add, remove }) => (
            <>
              <Table<(typeof fields)[number]>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                title={() => t('field.DetailsInfo')}
                scroll={{ y: 300 }}
                columns={[
                  {
                    title: t('building.BuildingNumber'),
                    key: 'number',
                    render: (_value, field) => (
                      <Form.Item
                        name={[field.name, 'BuildingNumber']}
                        rules={[
                          zodRule(building.BuildingNumber),
                          {
                            validator: async () => {
                              const rows = form.getFieldValue('DetailsInfo') as BuildingValues[] | undefined;
                              if (isDuplicateBuilding(rows, field.name))
                                throw new Error(t('building.duplicate'));
                            },
                          },
                        ]}
                        dependencies={fields
                          .filter((other) => other.key !== field.key)
                          .map((other) => ['DetailsInfo', other.name, 'BuildingNumber'])}
                        style={{ marginBottom: 0 }}
                      >
                        <Input maxLength={20} aria-label={t('building.numberOf', { row: field.name + 1 })} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('building.Stories'),
                    key: 'stories',
                    width: 140,
                    render: (_value, field) => (
                      <Form.Item
                        name={[field.name, 'Stories']}
                        rules={[zodRule(building.Stories)]}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber
                          min={1}
                          max={200}
                          precision={0}
                          aria-label={t('building.storiesOf', { row: field.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('building.Households'),
                    key: 'households',
                    width: 140,
                    render: (_value, field) => (
                      <Form.Item
                        name={[field.name, 'Households']}
                        rules={[zodRule(building.Households)]}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber
                          min={1}
                          max={50}
                          precision={0}
                          aria-label={t('building.householdsOf', { row: field.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('building.DeliveryStandard'),
                    key: 'delivery',
                    width: 160,
                    render: (_value, field) => (
                      <Form.Item name={[field.name, 'DeliveryStandard']} style={{ marginBottom: 0 }}>
                        <Select
                          aria-label={t('building.deliveryOf', { row: field.name + 1 })}
                          options={DELIVERY_STANDARDS.map((value) => ({
                            value,
                            label: t(`delivery.${value}`),
                          }))}
                        />
                      </Form.Item>
                    ),
                  },
                  removeRowColumn((row) => t('building.remove', { row }), remove),
                ]}
              />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={fields.length >= 200}
                onClick={() => add(newBuilding(nextBuildingNumber(buildings ?? [])))}
              >
                {t('building.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
