import { PlusOutlined } from '@ant-design/icons';
import {
  apiRoutes,
  JUDGING_MODES,
  STAGES,
  STANDARD_LIMITS,
  type JudgingModeName,
  type MeasureItemRow,
  type Stage,
} from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Select, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { useCan } from '../auth/permissions.ts';
import { craftsKey, libraryKey, STANDARDS_KEY } from './standardsQueries.ts';
import { StandardsSummary } from './StandardsSummary.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { ItemProperties } from './ItemProperties.tsx';

const MeasureItemDialog = lazy(() => import('./MeasureItemDialog.tsx'));

const PAGE_SIZE = 10;
const keywordSchema = bodyField(apiRoutes.standards.getListCondition, 'Keyword');
type StageTab = Stage | 'all';

/**
 * `standardManage`: the company's standard library by stage, with mode and keyword filters. Holders
 * of `standard.modify` create, edit and delete items; everyone else sees the library read-only.
 */
export default function StandardLibraryPage() {
  const { t, i18n } = useTranslation(['standards', 'common']);
  const can = useCan();
  const modal = useModal();
  const queryClient = useQueryClient();
  const manage = can('standard.modify');
  const [stage, setStage] = useState<StageTab>('all');
  const [mode, setMode] = useState<JudgingModeName | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  /** The dialog: `null` closed, `'new'` create, a row to edit. */
  const [editing, setEditing] = useState<MeasureItemRow | 'new' | null>(null);

  const filters = { stage, mode, keyword, page, pageSize };
  const list = useQuery({
    queryKey: libraryKey(filters, i18n.language),
    queryFn: ({ signal }) =>
      callApi(
        routes.standards.getListCondition,
        {
          Stage: stage === 'all' ? null : stage,
          Mode: mode,
          Keyword: keyword,
          PageSize: pageSize,
          CurrentPage: page,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const crafts = useQuery({
    queryKey: craftsKey,
    queryFn: ({ signal }) => callApi(routes.projectStandards.getBuildingCraft, {}, { signal }),
  });
  const countOf = (tab: Stage) => crafts.data?.find((craft) => craft.Stage === tab)?.ItemCount;

  const refresh = () => queryClient.invalidateQueries({ queryKey: STANDARDS_KEY });
  const filter = (change: () => void) => {
    change();
    setPage(1);
  };

  const remove = (item: MeasureItemRow) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { code: item.Code, name: item.Name }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.standards.deleteItems, { Ids: [item.MeasureItemId] });
          notify.success(t('delete.done'));
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const english = i18n.language === 'en-US';
  // Sized to fit at 1280 px and wider (no column under the pinned actions); yes/no properties share a column.
  const columns: ColumnsType<MeasureItemRow> = [
    { title: t('column.code'), dataIndex: 'Code', width: 96, ellipsis: true },
    {
      title: t('column.name'),
      key: 'name',
      width: 140,
      render: (_value, item) => (
        <Flex vertical>
          <span>{item.Name}</span>
          <Typography.Text type="secondary">{english ? item.NameZh : item.NameEn}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('column.stage'),
      dataIndex: 'Stage',
      width: 64,
      render: (value: Stage) => t(`stage.${value}`),
    },
    {
      title: t('column.mode'),
      dataIndex: 'Mode',
      width: 110,
      render: (value: JudgingModeName) => t(`mode.${value}`),
    },
    {
      title: t('column.standards'),
      dataIndex: 'Standards',
      width: 230,
      render: (standards: MeasureItemRow['Standards']) => <StandardsSummary standards={standards} />,
    },
    {
      title: t('column.properties'),
      key: 'properties',
      width: 130,
      render: (_value, item) => <ItemProperties item={item} />,
    },
    {
      title: t('column.updateTime'),
      dataIndex: 'UpdateTime',
      width: 96,
      render: (value: string) => showDateTime(value),
    },
    ...(manage
      ? [
          {
            title: t('column.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right' as const,
            render: (_value: unknown, item: MeasureItemRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(item)}>
                  {t('common:action.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(item)}>
                  {t('common:action.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('library.title')}
      extra={
        manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('library.create')}
          </Button>
        )
      }
    >
      {!manage && <Alert type="info" showIcon title={t('library.readOnly')} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={stage}
        onChange={(key) => filter(() => setStage(key as StageTab))}
        items={[
          { key: 'all', label: t('stage.all') },
          ...STAGES.map((key) => {
            const count = countOf(key);
            return {
              key,
              label: count === undefined ? t(`stage.${key}`) : `${t(`stage.${key}`)} (${count})`,
            };
          }),
        ]}
      />
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item>
          <Select<JudgingModeName>
            allowClear
            aria-label={t('mode.label')}
            placeholder={t('mode.all')}
            style={{ width: 240 }}
            value={mode ?? undefined}
            onChange={(value) => filter(() => setMode(value ?? null))}
            options={JUDGING_MODES.map((value) => ({ value, label: t(`mode.${value}`) }))}
          />
        </Form.Item>
        <KeywordSearch
          schema={keywordSchema}
          max={STANDARD_LIMITS.name}
          placeholder={t('library.searchPlaceholder')}
          onSearch={(value) => filter(() => setKeyword(value))}
        />
      </Form>
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title={t('library.loadFailed')} />
      ) : (
        <Table<MeasureItemRow>
          rowKey="MeasureItemId"
          columns={columns}
          dataSource={list.data?.Items ?? []}
          {...tableLoading(list, <Empty description={t('library.empty')} />)}
          size="middle"
          scroll={{ x: columnsWidth(columns) }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.Total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (total) => t('library.total', { total }),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('library.limitHint', {
          maxStandards: STANDARD_LIMITS.maxStandardsPerItem,
          maxItems: STANDARD_LIMITS.maxItems,
        })}
      </Typography.Paragraph>
      <Suspense fallback={null}>
        {editing && (
          <MeasureItemDialog
            item={editing === 'new' ? null : editing}
            defaultStage={stage === 'all' ? 'structure' : stage}
            onClose={() => setEditing(null)}
            onSaved={() => void refresh()}
          />
        )}
      </Suspense>
    </Card>
  );
}
