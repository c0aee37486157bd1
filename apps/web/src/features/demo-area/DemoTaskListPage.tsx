import type { TaskRow } from '@measure/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { formatRate, TaskStateTag, useStageLabel } from '../tasks/taskLabels.tsx';
import '../tasks/i18n.ts';
import { DemoPagedList } from './DemoPagedList.tsx';
import { DEMO_PROJECTS_PATH, demoTaskPath } from './demoPaths.ts';
import './i18n.ts';

/** The demo project's tasks (`demoTaskList?projectId=`), read-only. */
export default function DemoTaskListPage() {
  const { t } = useTranslation(['demo-area', 'tasks']);
  const stageLabel = useStageLabel();
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const columns: ColumnsType<TaskRow> = [
    { title: t('tasks.name'), dataIndex: 'Name', key: 'Name' },
    { title: t('tasks:field.stage'), key: 'stage', render: (_, row) => stageLabel(row.Stage) },
    { title: t('tasks:field.state'), key: 'state', render: (_, row) => <TaskStateTag state={row.State} /> },
    {
      title: t('tasks:field.passRate'),
      key: 'rate',
      align: 'right',
      render: (_, row) => formatRate(row.Figures.PassRate),
    },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_, row) => <Link to={demoTaskPath(row.TaskId)}>{t('tasks.details')}</Link>,
    },
  ];
  return (
    <DemoPagedList<TaskRow>
      queryKey={['demo-area', 'tasks', projectId]}
      fetchPage={(page, signal) =>
        callApi(routes.demoArea.getDemoTaskList, { ...page, ProjectId: projectId }, { signal })
      }
      enabled={Boolean(projectId)}
      title={(rows) => `${t('tasks.title')}${rows[0] ? ` · ${rows[0].ProjectName}` : ''}`}
      extra={
        <Link to={DEMO_PROJECTS_PATH}>
          <Button>{t('back')}</Button>
        </Link>
      }
      rowKey="TaskId"
      columns={columns}
    />
  );
}
