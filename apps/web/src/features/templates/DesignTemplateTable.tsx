import type { DesignTemplate, HouseMapRow } from '@measure/contract';
import { Alert, Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { templateOfHouseType } from './designTemplateForm.ts';
import { useHasMeasureItemInput } from './templateQueries.ts';
import { type QueryState, tableLoading } from '../../shared/table/tableLoading.tsx';
import { showDateTime } from '../../shared/i18n/dates.ts';

/** The project's design value templates: items, the house types using each, edit and delete. */
export function DesignTemplateTable({
  projectId,
  templates,
  houseTypes,
  query,
  editable,
  onEdit,
  onChanged,
}: {
  projectId: string;
  templates: DesignTemplate[];
  houseTypes: HouseMapRow[];
  /** The state of the templates' query (skeleton rows until it answered). */
  query: QueryState;
  editable: boolean;
  onEdit: (template: DesignTemplate) => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['templates', 'common', 'messages']);
  const modal = useModal();
  const defaultInput = useHasMeasureItemInput(projectId, null);

  const usersOf = (template: DesignTemplate) =>
    houseTypes.filter(
      (houseType) => templateOfHouseType(templates, houseType.HouseMapId)?.TemplateId === template.TemplateId,
    );

  const remove = (template: DesignTemplate) =>
    modal.confirm({
      title: t('template.delete.title'),
      content: t('template.delete.confirm', { name: template.Name, count: template.HouseMapIds.length }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.measureTemplates.deleteMeasureTemplate, {
            ProjectId: projectId,
            TemplateId: template.TemplateId,
          });
          notify.success(t('template.delete.done'));
          await onChanged();
        } catch (error) {
          // The default template (409) or a published project (423): the server's message.
          showError(error);
        }
      },
    });

  const missing = defaultInput.data && !defaultInput.data.HasInput ? defaultInput.data.Missing : [];

  return (
    <>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('template.defaultMissing')}
          description={missing.map((item) => `${item.Code} ${item.Name}`).join(', ')}
        />
      )}
      <Table<DesignTemplate>
        rowKey="TemplateId"
        size="small"
        {...tableLoading(query)}
        dataSource={templates}
        pagination={false}
        expandable={{
          expandedRowRender: (template) => (
            <Table
              size="small"
              rowKey="MeasureItemId"
              pagination={false}
              dataSource={template.Items}
              columns={[
                { title: t('template.column.code'), dataIndex: 'Code', width: 120 },
                { title: t('template.item'), dataIndex: 'Name' },
                {
                  title: t('template.column.designValue'),
                  dataIndex: 'DesignValue',
                  width: 160,
                  align: 'right',
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            title: t('template.name'),
            dataIndex: 'Name',
            render: (name: string, template) => (
              <Space size={6}>
                {name}
                {template.IsDefault && <Tag color="blue">{t('template.default')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('template.column.items'),
            key: 'items',
            width: 280,
            render: (_value, template) => (
              <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 260 }}>
                {template.Items.map((item) => `${item.Name} ${item.DesignValue} mm`).join(', ') || '-'}
              </Typography.Text>
            ),
          },
          {
            title: t('template.column.houseTypes'),
            key: 'houseTypes',
            render: (_value, template) => {
              const users = usersOf(template);
              return users.length ? (
                <Space size={[4, 4]} wrap>
                  {users.map((houseType) => (
                    <Tag key={houseType.HouseMapId}>{houseType.Name}</Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('template.unused')}</Typography.Text>
              );
            },
          },
          {
            title: t('template.column.updateTime'),
            dataIndex: 'UpdateTime',
            width: 150,
            render: (value: string) => showDateTime(value),
          },
          ...(editable
            ? [
                {
                  title: t('column.actions'),
                  key: 'actions',
                  width: 150,
                  render: (_value: unknown, template: DesignTemplate) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => onEdit(template)}>
                        {t('common:action.edit')}
                      </Button>
                      {template.IsDefault ? (
                        // A disabled button gets no pointer events: the span shows the reason.
                        <Tooltip title={t('messages:templates.defaultUndeletable')}>
                          <span data-testid="default-delete">
                            <Button
                              type="link"
                              size="small"
                              danger
                              disabled
                              style={{ pointerEvents: 'none' }}
                            >
                              {t('common:action.delete')}
                            </Button>
                          </span>
                        </Tooltip>
                      ) : (
                        <Button type="link" size="small" danger onClick={() => remove(template)}>
                          {t('common:action.delete')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
