import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Select, Skeleton, Tabs, Transfer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roleLabels } from '../user-admin/userForm.ts';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
// Registers the namespace before any component of this page renders.
import './i18n.ts';

/** `projectUser`: which users work on which projects (this scope limits what they see everywhere). */
export default function ProjectUserPage() {
  return (
    <PermissionGate permission="project.distribute">
      <ProjectUsers />
    </PermissionGate>
  );
}

function ProjectUsers() {
  const { t } = useTranslation('projects');
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState('byProject');
  const projectId = params.get('id');

  const projects = useQuery({
    queryKey: ['projects', 'selectItems'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
  });
  const projectOptions = (projects.data ?? []).map((item) => ({ value: item.ProjectId, label: item.Name }));

  return (
    <Card title={t('staff.title')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'byProject',
            label: t('staff.byProject'),
            children: (
              <Flex vertical gap={16}>
                <Form layout="inline">
                  <Form.Item label={t('staff.project')}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      value={projectId ?? undefined}
                      onChange={(id: string) => setParams({ id })}
                      options={projectOptions}
                      loading={projects.isLoading}
                      placeholder={t('staff.projectPlaceholder')}
                      aria-label={t('staff.project')}
                      style={{ width: 320 }}
                    />
                  </Form.Item>
                </Form>
                {projectId ? (
                  <ProjectStaff key={projectId} projectId={projectId} />
                ) : (
                  <Empty description={t('staff.pickProject')} />
                )}
              </Flex>
            ),
          },
          {
            key: 'byUser',
            label: t('staff.byUser'),
            children: <UserProjects projectOptions={projectOptions} />,
          },
        ]}
      />
    </Card>
  );
}

function useCompanyUsers() {
  return useQuery({
    queryKey: ['userAdmin', 'company'],
    queryFn: () => callApi(routes.userAdmin.getCompanyUserList),
  });
}

/** The staff of one project: company users on the left, the project's on the right. */
function ProjectStaff({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['projects', 'common']);
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const users = useCompanyUsers();
  const project = useQuery({
    queryKey: ['projects', 'detail', projectId, 'row'],
    queryFn: async ({ signal }) =>
      (await callApi(routes.projects.getPage, { ProjectId: projectId, PageSize: 1 }, { signal })).Items[0] ??
      null,
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  if (!users.data || project.data === undefined) return <Skeleton active />;
  if (!project.data) return <Empty />;
  const target = chosen ?? project.data.UserIds;

  async function save() {
    setSaving(true);
    try {
      await callApi(routes.projects.saveProjectUser, { ProjectId: projectId, UserIds: target });
      notify.success(t('staff.saved'));
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex vertical gap={12} align="flex-start">
      <Transfer
        dataSource={users.data.map((user) => ({
          key: user.UserId,
          title: `${user.Name} · ${roleLabels(user.RoleNameList.slice(0, 1), language)[0] ?? ''}`,
          description: user.Email ?? '',
        }))}
        titles={[t('staff.companyUsers'), t('staff.projectUsers')]}
        targetKeys={target}
        onChange={(keys) => setChosen(keys.map(String))}
        render={(item) => `${item.title} (${item.description})`}
        showSearch
        listStyle={{ width: 360, height: 420 }}
      />
      <Button type="primary" loading={saving} disabled={chosen === null} onClick={() => void save()}>
        {t('common:action.save')}
      </Button>
    </Flex>
  );
}

/** The projects of one user (SaveUserToProject replaces them). */
function UserProjects({ projectOptions }: { projectOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation(['projects', 'common']);
  const queryClient = useQueryClient();
  const users = useCompanyUsers();
  const [userId, setUserId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  // The user's current projects: the projects whose staff includes the user.
  const current = useQuery({
    queryKey: ['projects', 'ofUser', userId],
    enabled: userId !== null,
    queryFn: async ({ signal }) => {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const result = await callApi(
          routes.projects.getPage,
          { PageSize: 200, CurrentPage: page },
          { signal },
        );
        ids.push(
          ...result.Items.filter((item) => userId && item.UserIds.includes(userId)).map(
            (item) => item.ProjectId,
          ),
        );
        if (page * 200 >= result.Total) return ids;
      }
    },
  });

  async function save() {
    if (!userId) return;
    setSaving(true);
    try {
      await callApi(routes.projects.saveUserToProject, {
        UserId: userId,
        ProjectIds: chosen ?? current.data ?? [],
      });
      setChosen(null);
      notify.success(t('staff.saved'));
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item label={t('staff.user')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={userId ?? undefined}
          loading={users.isLoading}
          aria-label={t('staff.user')}
          placeholder={t('staff.userPlaceholder')}
          options={(users.data ?? []).map((user) => ({
            value: user.UserId,
            label: `${user.Name} (${user.Email ?? ''})`,
          }))}
          onChange={(id: string) => {
            setUserId(id);
            setChosen(null);
          }}
        />
      </Form.Item>
      {userId && (
        <>
          <Form.Item label={t('staff.userProjects')}>
            {current.data ? (
              <Select
                key={userId}
                mode="multiple"
                value={chosen ?? current.data}
                onChange={(ids: string[]) => setChosen(ids)}
                options={projectOptions}
                aria-label={t('staff.userProjects')}
                showSearch={{ optionFilterProp: 'label' }}
              />
            ) : (
              <Skeleton.Input active block />
            )}
          </Form.Item>
          <Button
            type="primary"
            loading={saving}
            disabled={!current.data || chosen === null}
            onClick={() => void save()}
          >
            {t('common:action.save')}
          </Button>
        </>
      )}
    </Form>
  );
}
