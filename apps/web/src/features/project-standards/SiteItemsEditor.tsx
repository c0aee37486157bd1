import { LockOutlined } from '@ant-design/icons';
import {
  pointTypeItemInputSchema,
  type PointType,
  type ProjectRow,
  type ProjectStandard,
} from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDiscardBar } from './SaveDiscardBar.tsx';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { detailPathOf, projectKey } from '../projects/projectForm.ts';
import type { ReadOnlyReason } from './access.ts';
import {
  confirmationAsked,
  defaultStandardText,
  extraNetHeightRows,
  projectItemsById,
  readsHeight,
  rowsMissingDesign,
  siteFormPathOf,
  toSaveItems,
  toSiteFormValues,
  type SiteFormValues,
  type SiteItemValues,
} from './pointTypeForm.ts';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { SiteItemPicker } from './SiteItemPicker.tsx';
import { itemName, stageLabel } from './stageForm.ts';
import type { KeyOf } from '../../shared/i18n/types.ts';

const itemRules = pointTypeItemInputSchema.shape;
const STANDARD_MAX = 32;

/**
 * The measure items of a site type as one form: add from the project's standards, remove, design
 * value, warning value and standard text; saving asks "continue?" when the server says an item
 * that needs a design value has none.
 */
export function SiteItemsEditor({
  project,
  pointType,
  copies,
  readOnly,
}: {
  project: ProjectRow;
  pointType: PointType;
  copies: ProjectStandard[];
  readOnly: ReadOnlyReason;
}) {
  const { t, i18n } = useTranslation(['project-standards', 'common', 'messages']);
  const navigate = useNavigate();
  const modal = useModal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SiteFormValues>();
  const initialValues = toSiteFormValues(pointType);
  // `preserve`: the ids are in the store but have no input of their own.
  const items =
    (Form.useWatch('items', { form, preserve: true }) as SiteItemValues[] | undefined) ?? initialValues.items;
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = readOnly === null;
  const language = i18n.language;
  const byId = projectItemsById(copies);
  const stored = new Map(pointType.MeasureItems.map((item) => [item.MeasureItemId, item]));
  const missingDesign = rowsMissingDesign(items, byId);
  const designPath = (row: number) => ['items', row, 'DesignValue'];

  /** Only one net height design value: the rows after the first height-reading one with a value are refused. */
  const oneNetHeight =
    (row: number): Rule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const rows = extraNetHeightRows((getFieldValue('items') as SiteItemValues[] | undefined) ?? [], byId);
        if (rows.includes(row)) throw new Error(t('messages:standards.oneNetHeight'));
      },
    });

  /** After any change, the net height rule of every height-reading row is checked again. */
  function recheckNetHeights() {
    const values = form.getFieldsValue(true) as SiteFormValues;
    const rows = values.items.flatMap((item, row) =>
      readsHeight(byId.get(item.MeasureItemId)) ? [row] : [],
    );
    if (rows.length > 1) void form.validateFields(rows.map(designPath)).catch(() => undefined);
  }

  async function send(values: SiteFormValues, confirmed: boolean) {
    setSaving(true);
    try {
      await callApi(routes.projectStandards.savePointTypeMeasureItem, {
        ProjectId: project.ProjectId,
        Id: pointType.Id,
        MeasureItems: toSaveItems(values),
        Confirmed: confirmed,
      });
      notify.success(t('site.saved'));
      await queryClient.invalidateQueries({ queryKey: projectKey(project.ProjectId) });
    } catch (error) {
      const question = confirmationAsked(error);
      if (question) {
        // Cancel leaves the form as it is, unsaved; OK sends it again, confirmed.
        modal.confirm({
          title: t('site.confirm.title'),
          content: question,
          okText: t('site.confirm.ok'),
          cancelText: t('common:action.cancel'),
          onOk: () => send(values, true),
        });
        return;
      }
      const placed = isApiError(error)
        ? error.fieldErrors.flatMap((item) => {
            const name = siteFormPathOf(item.Field);
            return name ? [{ name, errors: [item.Message] }] : [];
          })
        : [];
      if (placed.length) form.setFields(placed as Parameters<typeof form.setFields>[0]);
      else if (isApiError(error) && !error.shown) setFailure(error.message);
      // Published meanwhile: the project's state is read again and the page turns read-only.
      if (isApiError(error) && error.code === 423)
        await queryClient.invalidateQueries({ queryKey: projectKey(project.ProjectId) });
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      notify.error(t('site.fixErrors'));
      return;
    }
    await send(form.getFieldsValue(true) as SiteFormValues, false);
  }

  return (
    <Card
      title={
        <Space>
          {t('site.title', { name: pointType.Name })}
          <Typography.Text type="secondary">{project.Name}</Typography.Text>
          {project.IsPublished && (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('common.published')}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Button onClick={() => navigate(detailPathOf(project.ProjectId))}>{t('common.backToProject')}</Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('site.intro')}</Typography.Text>
        <ReadOnlyNotice
          reason={readOnly}
          texts={{ permission: t('site.readOnlyPermission'), published: t('site.readOnlyPublished') }}
        />
        {failure && <Alert type="error" showIcon title={failure} data-testid="site-failure" />}
        <Form
          form={form}
          initialValues={initialValues}
          disabled={!editable}
          onValuesChange={() => {
            setDirty(true);
            setFailure(null);
            recheckNetHeights();
          }}
        >
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <Flex vertical gap={12}>
                {editable && (
                  <SiteItemPicker
                    copies={copies}
                    taken={new Set(items.map((item) => item.MeasureItemId))}
                    onAdd={(ids) => {
                      for (const MeasureItemId of ids) {
                        add({ MeasureItemId, DesignValue: null, WarningValue: null, Standard: '' });
                      }
                      setDirty(true);
                    }}
                  />
                )}
                {editable && missingDesign.length > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('site.missingDesign', { count: missingDesign.length })}
                  />
                )}
                <Table
                  rowKey="key"
                  size="small"
                  dataSource={fields}
                  pagination={false}
                  locale={{ emptyText: t('site.empty') }}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    {
                      title: t('site.column.name'),
                      key: 'name',
                      render: (_value: unknown, field: { name: number }) => {
                        const id = items[field.name]?.MeasureItemId ?? '';
                        const item = byId.get(id);
                        const saved = stored.get(id);
                        return (
                          <Flex vertical gap={4} align="start">
                            {item ? itemName(item, language) : saved ? itemName(saved, language) : id}
                            <Space size={4} wrap>
                              {item?.NeedsDesign && <Tag color="blue">{t('site.needsDesign')}</Tag>}
                              {readsHeight(item) && <Tag color="purple">{t('site.netHeight')}</Tag>}
                              {!item && <Tag color="red">{t('site.notInProject')}</Tag>}
                            </Space>
                          </Flex>
                        );
                      },
                    },
                    {
                      title: t('site.column.code'),
                      key: 'code',
                      width: 110,
                      render: (_value: unknown, field: { name: number }) => {
                        const id = items[field.name]?.MeasureItemId ?? '';
                        return byId.get(id)?.Code ?? stored.get(id)?.Code ?? '';
                      },
                    },
                    {
                      title: t('site.column.stage'),
                      key: 'stage',
                      width: 110,
                      render: (_value: unknown, field: { name: number }) => {
                        const item = byId.get(items[field.name]?.MeasureItemId ?? '');
                        return item ? stageLabel(item.Stage, language) : '-';
                      },
                    },
                    {
                      title: t('site.column.designValue'),
                      key: 'design',
                      width: 170,
                      render: (_value: unknown, field: { name: number }) => (
                        <Form.Item
                          name={[field.name, 'DesignValue']}
                          style={{ marginBottom: 0 }}
                          rules={[zodRule(itemRules.DesignValue), oneNetHeight(field.name)]}
                        >
                          <InputNumber
                            style={{ width: 150 }}
                            aria-label={fieldLabel(field.name, 'site.column.designValue')}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('site.column.warningValue'),
                      key: 'warning',
                      width: 170,
                      render: (_value: unknown, field: { name: number }) => (
                        <Form.Item
                          name={[field.name, 'WarningValue']}
                          style={{ marginBottom: 0 }}
                          rules={[zodRule(itemRules.WarningValue)]}
                        >
                          <InputNumber
                            style={{ width: 150 }}
                            aria-label={fieldLabel(field.name, 'site.column.warningValue')}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('site.column.standard'),
                      key: 'standard',
                      width: 200,
                      render: (_value: unknown, field: { name: number }) => (
                        <Form.Item
                          name={[field.name, 'Standard']}
                          style={{ marginBottom: 0 }}
                          rules={[zodRule(itemRules.Standard)]}
                        >
                          <Input
                            maxLength={STANDARD_MAX}
                            style={{ width: 180 }}
                            aria-label={fieldLabel(field.name, 'site.column.standard')}
                            placeholder={t('site.standardPlaceholder', {
                              value: defaultStandardText(byId.get(items[field.name]?.MeasureItemId ?? '')),
                            })}
                          />
                        </Form.Item>
                      ),
                    },
                    ...(editable
                      ? [
                          {
                            title: t('site.column.actions'),
                            key: 'actions',
                            width: 90,
                            render: (_value: unknown, field: { name: number }) => (
                              <Button
                                type="link"
                                size="small"
                                danger
                                aria-label={fieldLabel(field.name, 'site.remove')}
                                onClick={() => {
                                  remove(field.name);
                                  setDirty(true);
                                }}
                              >
                                {t('site.remove')}
                              </Button>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              </Flex>
            )}
          </Form.List>
        </Form>
        {editable && (
          <SaveDiscardBar
            saveText={t('site.save')}
            discardText={t('site.discard')}
            saving={saving}
            dirty={dirty}
            onSave={() => void save()}
            onDiscard={() => {
              form.resetFields();
              setDirty(false);
              setFailure(null);
            }}
          />
        )}
      </Flex>
    </Card>
  );

  /** "PL-04 Design value (mm)": the accessible name of a row's input. */
  function fieldLabel(row: number, key: KeyOf<'project-standards'>) {
    const id = items[row]?.MeasureItemId ?? '';
    const code = byId.get(id)?.Code ?? stored.get(id)?.Code ?? id;
    return t('site.fieldLabel', { item: code, field: t(key) });
  }
}
