import { DownloadOutlined } from '@ant-design/icons';
import { apiRoutes, HOUSE_MAP_LIMITS, HOUSE_MAP_ORDER_FIELDS, type HouseMapRow } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { bodyField } from '../../shared/forms/bodyRule.ts';
import { KeywordSearch } from '../../shared/forms/KeywordSearch.tsx';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { detailPathOf } from './projectForm.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { columnsWidth } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

/** Spec section 9: lists are paged 10 per page. */
const PAGE_SIZE = 10;
const nameSchema = bodyField(apiRoutes.houseMaps.houseMapList, 'Name');
/** The floor-plan editor of one house type (rooms, stations, points). */
const editorPathOf = (houseMapId: string) =>
  `/measurerobot/floorPlanEditorDetail?id=${encodeURIComponent(houseMapId)}`;

/** The plan file as uploaded: DXF drawings and images come from their own download calls. */
async function downloadPlan(houseMap: HouseMapRow) {
  try {
    const route =
      houseMap.MapType === 'dxf' ? routes.houseMaps.downloadDxfById : routes.houseMaps.getHouseMapBase;
    await downloadFile(route, houseMap.FileName, { id: houseMap.HouseMapId });
  } catch (error) {
    showError(error);
  }
}

/**
 * `floorPlan`: the house types of every project the user may see, filtered by project and name,
 * with the way to their project, their plan editor and their plan file.
 */
export default function FloorPlanPage() {
  return (
    <PermissionGate permission="project.list">
      <FloorPlans />
    </PermissionGate>
  );
}

function FloorPlans() {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);

  const projects = useQuery({
    queryKey: ['projects', 'selectItems'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const { order, sortable, onSort } = useServerSort(HOUSE_MAP_ORDER_FIELDS, () => setPage(1));
  // What the list shows (latest change first unless a column is sorted), and what the export writes.
  const listInput = {
    ProjectId: projectId,
    Name: name,
    ...(order.OrderBy ? order : { OrderBy: 'UpdateTime' as const, AscDesc: 'desc' as const }),
  };
  const list = useQuery({
    queryKey: ['projects', 'floorPlans', { ...listInput, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.houseMaps.houseMapList,
        { ...listInput, CurrentPage: page, PageSize: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<HouseMapRow> = [
    { title: t('houseMap.column.name'), dataIndex: 'Name', ellipsis: true, width: 104, ...sortable('Name') },
    {
      title: t('floorPlan.project'),
      dataIndex: 'ProjectName',
      ellipsis: true,
      width: 110,
      render: (value: string, row) => <Link to={detailPathOf(row.ProjectId)}>{value}</Link>,
    },
    {
      title: t('houseMap.column.type'),
      dataIndex: 'MapType',
      width: 64,
      render: (type: HouseMapRow['MapType']) => (
        <Tag color={type === 'dxf' ? 'purple' : 'cyan'}>{t(`houseMap.type.${type}`)}</Tag>
      ),
    },
    {
      title: t('houseMap.column.floorArea'),
      dataIndex: 'FloorArea',
      width: 84,
      align: 'right',
      render: (value: number) => value.toFixed(2),
    },
    {
      title: t('houseMap.column.standardFloor'),
      dataIndex: 'StandardFloor',
      width: 84,
      render: (value: boolean) => (value ? t('houseMap.standard') : t('houseMap.nonStandard')),
    },
    { title: t('floorPlan.rooms'), dataIndex: 'RoomCount', width: 64, align: 'right' },
    { title: t('floorPlan.stations'), dataIndex: 'StationCount', width: 64, align: 'right' },
    { title: t('floorPlan.points'), dataIndex: 'PointCount', width: 64, align: 'right' },
    { title: t('houseMap.column.assigned'), dataIndex: 'AssignedHouseholds', width: 84, align: 'right' },
    {
      title: t('houseMap.column.updateTime'),
      dataIndex: 'UpdateTime',
      width: 132,
      ...sortable('UpdateTime'),
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(detailPathOf(row.ProjectId))}>
            {t('floorPlan.openProject')}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(editorPathOf(row.HouseMapId))}>
            {t('floorPlan.openEditor')}
          </Button>
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadPlan(row)}>
            {t('houseMap.download')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('floorPlan.title')}
      extra={
        <ExportButton
          route={routes.houseMaps.exportHouseMapList}
          input={listInput}
          fallbackName="house-types.xlsx"
        />
      }
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('floorPlan.project')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={projectId ?? undefined}
            onChange={(value: string | undefined) => {
              setProjectId(value ?? null);
              setPage(1);
            }}
            loading={projects.isLoading}
            placeholder={t('floorPlan.allProjects')}
            aria-label={t('floorPlan.project')}
            options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
            style={{ width: 260 }}
          />
        </Form.Item>
        <KeywordSearch
          schema={nameSchema}
          max={HOUSE_MAP_LIMITS.name}
          placeholder={t('houseMap.search')}
          onSearch={(keyword) => {
            setName(keyword);
            setPage(1);
          }}
        />
      </Form>
      <Table<HouseMapRow>
        rowKey="HouseMapId"
        columns={columns}
        dataSource={list.data?.Items ?? []}
        {...tableLoading(list, list.isError ? t('floorPlan.loadFailed') : undefined)}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        size="middle"
        scroll={{ x: columnsWidth(columns) }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.Total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('houseMap.total', { total }),
          onChange: setPage,
        }}
      />
    </Card>
  );
}
