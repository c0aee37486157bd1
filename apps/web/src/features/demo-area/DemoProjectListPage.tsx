import type { RouteResult } from '@measure/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes, type RouteRefs } from '../../shared/api/routes.ts';
import { DemoPagedList } from './DemoPagedList.tsx';
import { demoTasksPath } from './demoPaths.ts';
import './i18n.ts';

type Row = RouteResult<
  NonNullable<RouteRefs['demoArea']['getDemoProjectList']['definition']>
>['Items'][number];

/** The demo area's project list (`demoProjectList`): the platform's example, the same for everyone. */
export default function DemoProjectListPage() {
  const { t } = useTranslation('demo-area');
  const columns: ColumnsType<Row> = [
    { title: t('projects.name'), dataIndex: 'Name', key: 'Name' },
    { title: t('projects.address'), dataIndex: 'Address', key: 'Address' },
    {
      title: t('projects.buildings'),
      key: 'buildings',
      render: (_, row) => row.DetailsInfo.map((building) => building.BuildingNumber).join(', '),
    },
    {
      title: '',
      key: 'actions',
      width: 120,
      render: (_, row) => <Link to={demoTasksPath(row.ProjectId)}>{t('projects.tasks')}</Link>,
    },
  ];
  return (
    <DemoPagedList<Row>
      queryKey={['demo-area', 'projects']}
      fetchPage={(page, signal) => callApi(routes.demoArea.getDemoProjectList, page, { signal })}
      title={() => t('projects.title')}
      rowKey="ProjectId"
      columns={columns}
    />
  );
}
