import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { callApi } from '../api/client.ts';
import { routes } from '../api/routes.ts';

/** The words of the place filters, from the page's own namespace. */
export interface PlaceFilterTexts {
  project: string;
  allProjects: string;
  task: string;
  allTasks: string;
  building: string;
  floor: string;
}

/**
 * The project, task, building and floor filters of a list's filter form (data pool, point clouds):
 * the project's tasks load once a project is chosen, and choosing another project clears the task.
 * Fields `ProjectId`, `TaskId`, `BuildingNumber`, `Floor` of the surrounding antd Form.
 */
export function PlaceFilterItems({ texts }: { texts: PlaceFilterTexts }) {
  const form = Form.useFormInstance();
  const projectId = Form.useWatch('ProjectId', form) as string | undefined;
  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const tasks = useQuery({
    queryKey: ['tasks', 'list', { ProjectId: projectId, picker: true }],
    queryFn: ({ signal }) =>
      callApi(routes.tasks.getTaskList, { ProjectId: projectId, PageSize: 200, CurrentPage: 1 }, { signal }),
    enabled: Boolean(projectId),
  });
  return (
    <>
      <Form.Item name="ProjectId">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          aria-label={texts.project}
          placeholder={texts.allProjects}
          onChange={() => form.setFieldValue('TaskId', undefined)}
          options={(projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }))}
        />
      </Form.Item>
      <Form.Item name="TaskId">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 190 }}
          aria-label={texts.task}
          placeholder={texts.allTasks}
          disabled={!projectId}
          options={(tasks.data?.Items ?? []).map((item) => ({ value: item.TaskId, label: item.Name }))}
        />
      </Form.Item>
      <Form.Item name="BuildingNumber">
        <Input
          allowClear
          maxLength={20}
          style={{ width: 100 }}
          placeholder={texts.building}
          aria-label={texts.building}
        />
      </Form.Item>
      <Form.Item name="Floor">
        <InputNumber
          min={1}
          max={200}
          precision={0}
          style={{ width: 85 }}
          placeholder={texts.floor}
          aria-label={texts.floor}
        />
      </Form.Item>
    </>
  );
}
