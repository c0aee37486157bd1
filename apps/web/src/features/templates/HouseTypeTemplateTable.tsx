import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { DesignTemplate, HouseMapRow } from '@measure/contract';
import { Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateOfHouseType } from './designTemplateForm.ts';
import { useHasMeasureItemInput } from './templateQueries.ts';
import { type QueryState, tableLoading } from '../../shared/table/tableLoading.tsx';

/**
 * The project's house types with the template each uses and whether every item that needs a design
 * value has one there (HasMeasureItemInput); choosing some applies a template to them.
 */
export function HouseTypeTemplateTable({
  projectId,
  templates,
  houseTypes,
  query,
  editable,
  onApply,
}: {
  projectId: string;
  templates: DesignTemplate[];
  houseTypes: HouseMapRow[];
  /** The state of the queries its rows come from (skeleton rows until they answered). */
  query: QueryState;
  editable: boolean;
  onApply: (houseMapIds: string[], templateId?: string) => void;
}) {
  const { t } = useTranslation('templates');
  const [selected, setSelected] = useState<string[]>([]);

  return (
    <Flex vertical gap={12}>
      {editable && houseTypes.length > 0 && (
        <Flex gap={8}>
          <Button type="primary" disabled={selected.length === 0} onClick={() => onApply(selected)}>
            {t('apply.selected', { count: selected.length })}
          </Button>
        </Flex>
      )}
      <Table<HouseMapRow>
        rowKey="HouseMapId"
        size="small"
        {...tableLoading(query, <Empty description={t('houseType.empty')} />)}
        dataSource={houseTypes}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        rowSelection={
          editable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        columns={[
          { title: t('houseType.name'), dataIndex: 'Name' },
          {
            title: t('houseType.type'),
            dataIndex: 'MapType',
            width: 90,
            render: (type: HouseMapRow['MapType']) => (
              <Tag color={type === 'dxf' ? 'purple' : 'cyan'}>{t(`houseType.mapType.${type}`)}</Tag>
            ),
          },
          {
            title: t('houseType.template'),
            key: 'template',
            render: (_value, houseType) => {
              const template = templateOfHouseType(templates, houseType.HouseMapId);
              if (!template) return '-';
              return (
                <Tag color={template.IsDefault ? 'default' : 'blue'}>
                  {template.IsDefault ? t('houseType.usesDefault', { name: template.Name }) : template.Name}
                </Tag>
              );
            },
          },
          {
            title: t('houseType.designValues'),
            key: 'designValues',
            render: (_value, houseType) => (
              <DesignValueState projectId={projectId} houseMapId={houseType.HouseMapId} />
            ),
          },
          ...(editable
            ? [
                {
                  title: t('column.actions'),
                  key: 'actions',
                  width: 130,
                  render: (_value: unknown, houseType: HouseMapRow) => (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        onApply(
                          [houseType.HouseMapId],
                          templateOfHouseType(templates, houseType.HouseMapId)?.TemplateId,
                        )
                      }
                    >
                      {t('apply.change')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}

/** Complete, or which items that need a design value have none for this house type. */
function DesignValueState({ projectId, houseMapId }: { projectId: string; houseMapId: string }) {
  const { t } = useTranslation('templates');
  const input = useHasMeasureItemInput(projectId, houseMapId);
  if (!input.data) return <Typography.Text type="secondary">{input.isError ? '-' : '…'}</Typography.Text>;
  if (input.data.HasInput) {
    return (
      <Tag color="success" icon={<CheckCircleOutlined />}>
        {t('houseType.complete')}
      </Tag>
    );
  }
  const names = input.data.Missing.map((item) => `${item.Code} ${item.Name}`).join(', ');
  return (
    <Flex gap={4} align="center">
      <Tag color="warning" icon={<WarningOutlined />}>
        {t('houseType.missing', { count: input.data.Missing.length })}
      </Tag>
      <Typography.Text type="secondary" ellipsis={{ tooltip: names }} style={{ maxWidth: 260 }}>
        {names}
      </Typography.Text>
    </Flex>
  );
}
