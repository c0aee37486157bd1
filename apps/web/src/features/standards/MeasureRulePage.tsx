import { seededText, STAGES, type MeasureItemRow, type Stage } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { useCan } from '../auth/permissions.ts';
import { lineText } from './ruleForm.ts';
import { rulesKey, STANDARDS_KEY } from './standardsQueries.ts';
// Registers the namespace before any component of this page renders.
import { currentLanguage } from '../../shared/i18n/index.ts';
import './i18n.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const MeasureRuleDialog = lazy(() => import('./MeasureRuleDialog.tsx'));

/**
 * `measureRuleManage`: how readings are taken for each library item of a stage (readings per site,
 * ruler, positions, manual entry, baseboard and door cover lines). Holders of `measureRule.manage`
 * edit a rule; everyone else sees the rules read-only.
 */
export default function MeasureRulePage() {
  const { t, i18n } = useTranslation('standards');
  const can = useCan();
  const queryClient = useQueryClient();
  const manage = can('measureRule.manage');
  const [stage, setStage] = useState<Stage>('structure');
  const [editing, setEditing] = useState<MeasureItemRow | null>(null);

  const list = useQuery({
    queryKey: rulesKey(stage, i18n.language),
    queryFn: ({ signal }) => callApi(routes.measureRules.getList, { Stage: stage }, { signal }),
  });

  const notMeasured = <Typography.Text type="secondary">{t('ruleColumn.notMeasured')}</Typography.Text>;
  const columns: ColumnsType<MeasureItemRow> = [
    { title: t('column.code'), dataIndex: 'Code', width: 130 },
    { title: t('column.name'), dataIndex: 'Name', width: 150 },
    {
      title: t('ruleColumn.readings'),
      key: 'readings',
      width: 130,
      render: (_value, item) =>
        `${item.Rule.MinReadings} / ${item.Rule.InitialReadings} / ${item.Rule.MaxReadings}`,
    },
    {
      title: t('ruleColumn.ruler'),
      key: 'ruler',
      width: 90,
      render: (_value, item) => t('ruleColumn.rulerLength', { length: item.Rule.RulerLength }),
    },
    {
      title: t('ruleColumn.positions'),
      key: 'positions',
      width: 180,
      render: (_value, item) =>
        item.Rule.RulerPositions.length ? (
          <Flex wrap gap={4}>
            {item.Rule.RulerPositions.map((position, index) => (
              <Tag key={index}>{seededText(position.Name, currentLanguage())}</Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      title: t('ruleColumn.manual'),
      key: 'manual',
      width: 90,
      render: (_value, item) => (item.Rule.ManualEntry ? <Tag color="blue">{t('yes')}</Tag> : t('no')),
    },
    {
      title: t('ruleColumn.baseboard'),
      key: 'baseboard',
      width: 120,
      render: (_value, item) =>
        lineText(item.Rule.BaseboardStartHeight, item.Rule.BaseboardEndHeight) ?? notMeasured,
    },
    {
      title: t('ruleColumn.doorCover'),
      key: 'doorCover',
      width: 120,
      render: (_value, item) =>
        lineText(item.Rule.DoorCoverStartMargin, item.Rule.DoorCoverEndMargin) ?? notMeasured,
    },
    ...(manage
      ? [
          {
            title: t('column.actions'),
            key: 'actions',
            width: 100,
            fixed: 'right' as const,
            render: (_value: unknown, item: MeasureItemRow) => (
              <Button type="link" size="small" onClick={() => setEditing(item)}>
                {t('rules.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('rules.title')}>
      {!manage && <Alert type="info" showIcon title={t('rules.readOnly')} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={stage}
        onChange={(key) => setStage(key as Stage)}
        items={STAGES.map((key) => ({ key, label: t(`stage.${key}`) }))}
      />
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title={t('rules.loadFailed')} />
      ) : (
        <Table<MeasureItemRow>
          rowKey="MeasureItemId"
          columns={columns}
          dataSource={list.data ?? []}
          {...tableLoading(list, <Empty description={t('rules.empty')} />)}
          pagination={false}
          scroll={{ x: 1110 }}
        />
      )}
      <Suspense fallback={null}>
        {editing && (
          <MeasureRuleDialog
            item={editing}
            onClose={() => setEditing(null)}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: STANDARDS_KEY })}
          />
        )}
      </Suspense>
    </Card>
  );
}
