import { CloudDownloadOutlined, LockOutlined } from '@ant-design/icons';
import type { MeasureItemRow, ProjectRow, ProjectStandard } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDiscardBar } from './SaveDiscardBar.tsx';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { projectKey } from '../projects/projectForm.ts';
import type { ReadOnlyReason } from './access.ts';
import { projectStandardsPathOf } from './paths.ts';
import { LibraryState } from './LibraryState.tsx';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { StandardsCell, StandardsHeader } from './StandardsCell.tsx';
import {
  changedClasses,
  itemName,
  libraryStateOf,
  newLibraryItems,
  stageFormPathOf,
  stageLabel,
  standardName,
  toStageFormValues,
  type StageFormValues,
} from './stageForm.ts';
import { useTakeUpdate } from './useTakeUpdate.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';

/**
 * The items of one stage copy as one form: enabled, the judging standard and the standards' values
 * of every item; saving sends the changed items (Update with ProjectStandardId).
 */
export function StageEditor({
  project,
  copy,
  library,
  readOnly,
}: {
  project: ProjectRow;
  copy: ProjectStandard;
  library: MeasureItemRow[];
  readOnly: ReadOnlyReason;
}) {
  const { t, i18n } = useTranslation('project-standards');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const takeUpdate = useTakeUpdate(project.ProjectId);
  const [form] = Form.useForm<StageFormValues>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = readOnly === null;
  const language = i18n.language;
  const rows = copy.Classes;
  const libraryById = new Map(library.map((item) => [item.MeasureItemId, item]));
  const added = newLibraryItems(copy.Stage, rows, library);
  const stage = stageLabel(copy.Stage, language);
  const withUnsaved = (question: string) => (dirty ? `${question} ${t('takeUpdate.unsaved')}` : question);

  async function save() {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      notify.error(t('stage.fixErrors'));
      return;
    }
    const { classes, rowIndexes } = changedClasses(rows, form.getFieldsValue(true) as StageFormValues);
    if (classes.length === 0) {
      notify.info(t('stage.noChanges'));
      return;
    }
    setSaving(true);
    try {
      await callApi(routes.standards.update, {
        ProjectStandardId: copy.ProjectStandardId,
        ProjectId: project.ProjectId,
        Classes: classes,
      });
      notify.success(t('stage.saved'));
      await queryClient.invalidateQueries({ queryKey: projectKey(project.ProjectId) });
    } catch (error) {
      // Field errors (400) go on their inputs; a refusal (423 published, 404) is shown above the table.
      const placed = isApiError(error)
        ? error.fieldErrors.flatMap((item) => {
            const name = stageFormPathOf(item.Field, rowIndexes);
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

  return (
    <Card
      title={
        <Space>
          {t('stage.title', { stage, project: project.Name })}
          {copy.OutOfDate ? (
            <Tag color="gold">{t('status.outOfDate')}</Tag>
          ) : (
            <Tag color="green">{t('status.current')}</Tag>
          )}
          {project.IsPublished && (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('common.published')}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(projectStandardsPathOf(project.ProjectId))}>
            {t('common.backToStandards')}
          </Button>
          {editable && copy.OutOfDate && (
            <Button
              icon={<CloudDownloadOutlined />}
              onClick={() =>
                takeUpdate({
                  stage: copy.Stage,
                  question: withUnsaved(t('takeUpdate.confirmStage', { stage })),
                })
              }
            >
              {t('takeUpdate.action')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {t('stage.baseTime', { time: showDateTime(copy.BaseTime) })}
        </Typography.Text>
        <ReadOnlyNotice
          reason={readOnly}
          texts={{ permission: t('common.readOnlyPermission'), published: t('common.readOnlyPublished') }}
        />
        {failure && <Alert type="error" showIcon title={failure} data-testid="stage-failure" />}
        {editable && added.length > 0 && (
          <Alert
            type="info"
            showIcon
            title={t('stage.newItems', {
              count: added.length,
              names: added.map((item) => `${item.Code} ${itemName(item, language)}`).join(', '),
            })}
            action={
              <Button
                size="small"
                onClick={() =>
                  takeUpdate({
                    stage: copy.Stage,
                    measureItemIds: added.map((item) => item.MeasureItemId),
                    question: withUnsaved(t('takeUpdate.confirmNew', { count: added.length })),
                  })
                }
              >
                {t('stage.addNewItems')}
              </Button>
            }
          />
        )}
        <Form
          form={form}
          initialValues={toStageFormValues(rows)}
          disabled={!editable}
          onValuesChange={() => {
            setDirty(true);
            setFailure(null);
          }}
        >
          <Table<MeasureItemRow>
            rowKey="MeasureItemId"
            size="small"
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: t('stage.empty') }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('stage.column.code'), dataIndex: 'Code', width: 100 },
              {
                title: t('stage.column.name'),
                key: 'name',
                width: 190,
                render: (_value: unknown, item: MeasureItemRow) => (
                  <Flex vertical gap={4} align="start">
                    {itemName(item, language)}
                    <Space size={4} wrap>
                      {item.Concrete && <Tag>{t('stage.concrete')}</Tag>}
                      {item.NeedsDesign && <Tag color="blue">{t('stage.needsDesign')}</Tag>}
                      <LibraryState
                        state={libraryStateOf(item, libraryById)}
                        onTake={
                          editable
                            ? () =>
                                takeUpdate({
                                  stage: copy.Stage,
                                  measureItemIds: [item.MeasureItemId],
                                  question: withUnsaved(
                                    t('takeUpdate.confirmItem', {
                                      item: `${item.Code} ${itemName(item, language)}`,
                                    }),
                                  ),
                                })
                            : undefined
                        }
                      />
                    </Space>
                  </Flex>
                ),
              },
              {
                title: t('stage.column.mode'),
                dataIndex: 'Mode',
                width: 110,
                render: (mode: MeasureItemRow['Mode']) => t(`mode.${mode}`),
              },
              {
                title: t('stage.column.enabled'),
                key: 'enabled',
                width: 80,
                render: (_value: unknown, item: MeasureItemRow, index: number) => (
                  <Form.Item name={['items', index, 'Enabled']} valuePropName="checked" noStyle>
                    <Switch size="small" aria-label={t('stage.enabledLabel', { item: item.Code })} />
                  </Form.Item>
                ),
              },
              {
                title: <StandardsHeader />,
                key: 'standards',
                render: (_value: unknown, item: MeasureItemRow, index: number) => (
                  <Flex vertical gap={8}>
                    <Form.Item name={['items', index, 'Selected']} noStyle>
                      <Select
                        size="small"
                        style={{ width: 180 }}
                        aria-label={t('stage.selectedLabel', { item: item.Code })}
                        options={item.Standards.map((standard, position) => ({
                          value: position,
                          label: standardName(standard, language),
                        }))}
                      />
                    </Form.Item>
                    <StandardsCell item={item} index={index} />
                  </Flex>
                ),
              },
            ]}
          />
        </Form>
        {editable && (
          <SaveDiscardBar
            saveText={t('stage.save')}
            discardText={t('stage.discard')}
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
}
