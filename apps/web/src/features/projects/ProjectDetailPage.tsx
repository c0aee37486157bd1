import { LockOutlined } from '@ant-design/icons';
import type { BuildingTree, ProjectLog, ProjectRow } from '@measure/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Result,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tree,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import type { KeySuffix } from '../../shared/i18n/types.ts';
import { routes } from '../../shared/api/routes.ts';
import { useCan } from '../auth/permissions.ts';
import { HouseMapsTab } from './HouseMapsTab.tsx';
import { PointTypesTab } from './PointTypesTab.tsx';
import { useProjectRow } from './useProjectRow.ts';
import { projectKey, regionOf } from './projectForm.ts';
import { useProjectListPath } from './useProjectListPath.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const ProjectFormDialog = lazy(() => import('./ProjectFormDialog.tsx'));
const AssignDialog = lazy(() => import('./AssignDialog.tsx'));

const LOG_PAGE_SIZE = 10;
/** The project's child pages (spec section 2), opened with `?projectId=`; each is read-only for users who may not write. */
const PROJECT_PAGES = ['standardManageUCDetail', 'designValueTemplate', 'algorithmTemplateDetail'] as const;

const DETAIL_TABS = ['overview', 'households', 'house-maps', 'siteTypes', 'log'] as const;

/** `projectDetail?id=`: overview, households, house types, site types and the log of one project. */
export default function ProjectDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return <ProjectDetail key={id ?? ''} projectId={id ?? ''} />;
}

function ProjectDetail({ projectId }: { projectId: string }) {
  const projectListPath = useProjectListPath();
  const { t } = useTranslation(['projects', 'common', 'layout']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const [editing, setEditing] = useState(false);
  // The chosen tab lives in the address (`&tab=`), so the page tab and the browser's history bring
  // the user back to it.
  const [params, setParams] = useSearchParams();
  const tab = DETAIL_TABS.find((key) => key === params.get('tab')) ?? 'overview';
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  const project = useProjectRow(projectId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['projects'] });

  if (!projectId || project.data === null || project.isError) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Button onClick={() => navigate(projectListPath)}>{t('detail.back')}</Button>}
      />
    );
  }
  if (!project.data) return <Card>{<Skeleton active />}</Card>;
  const row = project.data;

  return (
    <Card
      title={
        <Space>
          {row.Name}
          {row.IsPublished ? (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('state.published')}
            </Tag>
          ) : (
            <Tag>{t('state.unpublished')}</Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(projectListPath)}>{t('detail.back')}</Button>
          {PROJECT_PAGES.map((page) => (
            <Button key={page} onClick={() => navigate(`/measurerobot/${page}?projectId=${row.ProjectId}`)}>
              {t(`layout:menu.${page}`)}
            </Button>
          ))}
          {can('project.detail') && (
            <Button type="primary" onClick={() => setEditing(true)}>
              {t('common:action.edit')}
            </Button>
          )}
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'overview', label: t('detail.tab.overview'), children: <Overview project={row} /> },
          { key: 'households', label: t('detail.tab.households'), children: <Households project={row} /> },
          { key: 'house-maps', label: t('detail.tab.houseMaps'), children: <HouseMapsTab project={row} /> },
          { key: 'siteTypes', label: t('detail.tab.siteTypes'), children: <PointTypesTab project={row} /> },
          { key: 'log', label: t('detail.tab.log'), children: <Log projectId={row.ProjectId} /> },
        ]}
      />
      <Suspense fallback={null}>
        {editing && (
          <ProjectFormDialog project={row} onClose={() => setEditing(false)} onSaved={() => void refresh()} />
        )}
      </Suspense>
    </Card>
  );
}

function Overview({ project }: { project: ProjectRow }) {
  const { t } = useTranslation('projects');
  const counts = useQuery({
    queryKey: [...projectKey(project.ProjectId), 'counts'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectForHome, undefined, { signal }),
    select: (home) => home.Projects.find((item) => item.ProjectId === project.ProjectId),
  });
  const value = (text: string | null) => text || '-';
  const time = (text: string | null) => (text ? showDateTime(text) : '-');
  return (
    <Flex vertical gap={24}>
      <Flex gap={48} wrap>
        {(
          [
            'BuildingCount',
            'FloorCount',
            'HouseholdCount',
            'HouseMapCount',
            'AssignedHouseholdCount',
          ] as const
        ).map((key) => (
          <Statistic
            key={key}
            title={t(`count.${key}`)}
            value={counts.data?.[key] ?? '-'}
            loading={counts.isLoading}
          />
        ))}
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('field.Name')}>{project.Name}</Descriptions.Item>
        <Descriptions.Item label={t('field.Address')}>{value(project.Address)}</Descriptions.Item>
        <Descriptions.Item label={t('column.region')}>{regionOf(project)}</Descriptions.Item>
        <Descriptions.Item label={t('field.DetailedAddress')}>
          {value(project.DetailedAddress)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.ProjectManager')}>
          {value(project.ProjectManager)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.RegionalCompany')}>
          {value(project.RegionalCompany)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.createTime')}>{time(project.CreateTime)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.publishTime')}>{time(project.PublishTime)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="BuildingNumber"
        title={() => t('field.DetailsInfo')}
        dataSource={project.DetailsInfo}
        pagination={false}
        columns={[
          { title: t('building.BuildingNumber'), dataIndex: 'BuildingNumber' },
          { title: t('building.Stories'), dataIndex: 'Stories', align: 'right' },
          { title: t('building.Households'), dataIndex: 'Households', align: 'right' },
          {
            title: t('building.DeliveryStandard'),
            dataIndex: 'DeliveryStandard',
            render: (value: KeySuffix<'projects', 'delivery.'>) => t(`delivery.${value}`),
          },
        ]}
      />
    </Flex>
  );
}

/**
 * Building → floor → household: each floor lists its households (floor-position, e.g. 2-01) with
 * their house type, so a whole building can be read at a glance.
 */
function treeNodesOf(
  buildings: BuildingTree[],
  labels: { building: (b: BuildingTree) => string; floor: (floor: number) => string; none: string },
): DataNode[] {
  return buildings.map((building) => ({
    key: building.BuildingId,
    title: labels.building(building),
    children: building.Floors.map((floor) => ({
      key: `${building.BuildingId}:${floor.Floor}`,
      isLeaf: true,
      title: (
        <Flex gap={6} wrap align="center" data-floor={floor.Floor}>
          <span style={{ display: 'inline-block', minWidth: 64 }}>{labels.floor(floor.Floor)}</span>
          {floor.Households.map((household) => (
            <Tag
              key={household.Household}
              color={household.HouseMapName ? 'blue' : undefined}
              style={{ marginInlineEnd: 0 }}
            >
              {`${floor.Floor}-${String(household.Household).padStart(2, '0')} ${household.HouseMapName ?? labels.none}`}
            </Tag>
          ))}
        </Flex>
      ),
    })),
  }));
}

function Households({ project }: { project: ProjectRow }) {
  const { t } = useTranslation('projects');
  const can = useCan();
  const [mode, setMode] = useState<'assign' | 'unassign' | null>(null);
  const tree = useQuery({
    queryKey: [...projectKey(project.ProjectId), 'tree'],
    queryFn: ({ signal }) =>
      callApi(routes.projects.getBuildingFloorTreeDataByProjectId, { id: project.ProjectId }, { signal }),
  });
  const nodes = treeNodesOf(tree.data ?? [], {
    building: (building) =>
      t('tree.building', {
        number: building.BuildingNumber,
        stories: building.Stories,
        households: building.Households,
      }),
    floor: (floor) => t('tree.floor', { floor }),
    none: t('tree.unassigned'),
  });
  return (
    <Flex vertical gap={12}>
      {can('project.detail') && (
        <Space>
          <Button type="primary" onClick={() => setMode('assign')}>
            {t('assign.action')}
          </Button>
          <Button onClick={() => setMode('unassign')}>{t('assign.unassignAction')}</Button>
        </Space>
      )}
      {tree.isLoading ? (
        <Skeleton active />
      ) : nodes.length ? (
        <Tree
          aria-label={t('detail.tab.households')}
          treeData={nodes}
          height={520}
          defaultExpandedKeys={nodes.map((node) => node.key)}
          selectable={false}
          showLine
        />
      ) : (
        <Empty description={t('tree.empty')} />
      )}
      <Suspense fallback={null}>
        {mode && <AssignDialog project={project} mode={mode} onClose={() => setMode(null)} />}
      </Suspense>
    </Flex>
  );
}

function Log({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [...projectKey(projectId), 'log', page],
    queryFn: ({ signal }) =>
      callApi(
        routes.projects.projectLogGetList,
        { ProjectId: projectId, CurrentPage: page, PageSize: LOG_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<ProjectLog>
      size="small"
      rowKey="Id"
      {...tableLoading(log)}
      dataSource={log.data?.Items ?? []}
      columns={[
        {
          title: t('log.time'),
          dataIndex: 'CreateTime',
          width: 170,
          render: (value: string) => showDateTime(value),
        },
        { title: t('log.user'), dataIndex: 'UserName', width: 160 },
        { title: t('log.message'), dataIndex: 'Message' },
      ]}
      pagination={{
        current: page,
        pageSize: LOG_PAGE_SIZE,
        total: log.data?.Total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => t('log.total', { total }),
        onChange: setPage,
      }}
    />
  );
}
