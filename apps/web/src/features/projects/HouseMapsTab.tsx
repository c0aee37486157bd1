import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { HOUSE_MAP_ORDER_FIELDS, type HouseMapRow, type ProjectRow } from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { downloadFile, fetchFile } from '../../shared/api/download.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { useCan } from '../auth/permissions.ts';
import { editorPathOf } from '../house-maps/paths.ts';
import { fileSizeText, projectKey } from './projectForm.ts';
import { columnsWidth, SELECTION_WIDTH } from '../../shared/table/columnsWidth.ts';
import { ExportButton } from '../../shared/table/ExportButton.tsx';
import { useServerSort } from '../../shared/table/useServerSort.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const HouseMapDialog = lazy(() => import('./HouseMapDialog.tsx'));
const AssignDialog = lazy(() => import('./AssignDialog.tsx'));

const PAGE_SIZE = 10;

/** What a dialog of this tab works on. */
type Dialog =
  | { kind: 'upload' }
  | { kind: 'rename' | 'copy'; houseMap: HouseMapRow }
  | { kind: 'assign'; houseMap: HouseMapRow };

/** House types (floor plans) of a project: list, upload, rename, copy, delete, download, preview, assign. */
export function HouseMapsTab({ project }: { project: ProjectRow }) {
  const { t } = useTranslation(['projects', 'common']);
  const can = useCan();
  const modal = useModal();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const manage = can('project.detail');
  const navigate = useNavigate();
  // The editor opens read-only without the permission or once the project is published.
  const editPlans = can('floorPlan.detailSave') && !project.IsPublished;

  const { order, sortable, onSort } = useServerSort(HOUSE_MAP_ORDER_FIELDS, () => setPage(1));
  // What the list shows, and what "Export to Excel" writes.
  const listInput = { ProjectId: project.ProjectId, Name: name, ...order };
  const list = useQuery({
    queryKey: [...projectKey(project.ProjectId), 'house-maps', { ...listInput, page }],
    queryFn: ({ signal }) =>
      callApi(
        routes.houseMaps.houseMapList,
        { ...listInput, CurrentPage: page, PageSize: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  // The preview's object URL lives as long as the preview.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['projects'] });

  const remove = (houseMaps: HouseMapRow[]) =>
    modal.confirm({
      title: t('houseMap.delete.title'),
      content:
        houseMaps.length === 1
          ? t('houseMap.delete.confirmOne', { name: houseMaps[0]?.Name })
          : t('houseMap.delete.confirmMany', { count: houseMaps.length }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          if (houseMaps.length === 1) {
            await callApi(routes.houseMaps.removeHouseMap, { id: houseMaps[0]?.HouseMapId });
          } else {
            await callApi(routes.houseMaps.removeHouseMaps, {
              Ids: houseMaps.map((item) => item.HouseMapId),
            });
          }
          notify.success(t('houseMap.delete.done', { count: houseMaps.length }));
          setSelected([]);
          await refresh();
        } catch (error) {
          // Assigned to households (409) or published (423): the server says which.
          showError(error);
        }
      },
    });

  async function download(houseMap: HouseMapRow) {
    try {
      if (houseMap.MapType === 'dxf') {
        await downloadFile(routes.houseMaps.downloadDxfById, houseMap.FileName, { id: houseMap.HouseMapId });
      } else {
        await downloadFile(routes.houseMaps.getHouseMapBase, houseMap.FileName, { id: houseMap.HouseMapId });
      }
    } catch (error) {
      showError(error);
    }
  }

  async function showPreview(houseMap: HouseMapRow) {
    try {
      const { blob } = await fetchFile(routes.houseMaps.getHouseMapBase, { id: houseMap.HouseMapId });
      setPreview({ name: houseMap.Name, url: URL.createObjectURL(blob) });
    } catch (error) {
      showError(error);
    }
  }

  const rows = list.data?.Items ?? [];
  const columns: ColumnsType<HouseMapRow> = [
    { title: t('houseMap.column.name'), dataIndex: 'Name', ellipsis: true, width: 120, ...sortable('Name') },
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
    {
      title: t('houseMap.column.file'),
      dataIndex: 'FileName',
      ellipsis: true,
      width: 150,
      render: (value: string, row) => `${value} (${fileSizeText(row.FileSize)})`,
    },
    { title: t('houseMap.column.assigned'), dataIndex: 'AssignedHouseholds', width: 84, align: 'right' },
    {
      title: t('houseMap.column.updateTime'),
      dataIndex: 'UpdateTime',
      width: 140,
      ...sortable('UpdateTime'),
      render: (value: string) => showDateTime(value),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={editPlans ? <EditOutlined /> : <EyeOutlined />}
            onClick={() => navigate(editorPathOf(row.HouseMapId))}
          >
            {editPlans ? t('houseMap.editPlan') : t('houseMap.viewPlan')}
          </Button>
          {row.MapType === 'image' && (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void showPreview(row)}>
              {t('houseMap.preview')}
            </Button>
          )}
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(row)}>
            {t('houseMap.download')}
          </Button>
          {manage && (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'assign', houseMap: row })}>
                {t('assign.short')}
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'rename', houseMap: row })}>
                {t('houseMap.rename')}
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'copy', houseMap: row })}>
                {t('houseMap.copy')}
              </Button>
              <Button type="link" size="small" danger onClick={() => remove([row])}>
                {t('common:action.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" wrap gap={8}>
        <Input.Search
          allowClear
          maxLength={20}
          placeholder={t('houseMap.search')}
          aria-label={t('houseMap.search')}
          onSearch={(value) => {
            setName(value.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Space>
          <ExportButton
            route={routes.houseMaps.exportHouseMapList}
            input={listInput}
            fallbackName="house-types.xlsx"
          />
          {manage && selected.length > 0 && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(rows.filter((row) => selected.includes(row.HouseMapId)))}
            >
              {t('houseMap.delete.selected', { count: selected.length })}
            </Button>
          )}
          {manage && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'upload' })}>
              {t('houseMap.upload')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<HouseMapRow>
        rowKey="HouseMapId"
        size="small"
        columns={columns}
        dataSource={rows}
        {...tableLoading(list)}
        onChange={(_pagination, _filters, sorter) => onSort(sorter)}
        scroll={{ x: columnsWidth(columns, manage ? SELECTION_WIDTH : 0) }}
        rowSelection={
          manage
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.Total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('houseMap.total', { total }),
          onChange: (next) => {
            setPage(next);
            setSelected([]);
          },
        }}
      />
      <Modal
        open={preview !== null}
        title={preview?.name}
        footer={null}
        width={900}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <img
            src={preview.url}
            alt={preview.name}
            style={{ display: 'block', width: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        )}
      </Modal>
      <Suspense fallback={null}>
        {dialog?.kind === 'assign' && (
          <AssignDialog
            project={project}
            mode="assign"
            houseMapId={dialog.houseMap.HouseMapId}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog && dialog.kind !== 'assign' && (
          <HouseMapDialog
            project={project}
            mode={dialog.kind}
            houseMap={dialog.kind === 'upload' ? null : dialog.houseMap}
            onClose={() => setDialog(null)}
            onSaved={() => void refresh()}
          />
        )}
      </Suspense>
    </Flex>
  );
}
