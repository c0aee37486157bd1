import { PlusOutlined } from '@ant-design/icons';
import { POINT_TYPE_NAME_MAX, rules, type PointType, type ProjectRow } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { useCan } from '../auth/permissions.ts';
import { pointTypeDetailPathOf } from '../project-standards/paths.ts';
import { projectKey } from './projectForm.ts';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { tableLoading } from '../../shared/table/tableLoading.tsx';

const nameSchema = rules.requiredText(POINT_TYPE_NAME_MAX);

/** Site types (room types) of a project: list, add (name under 10 characters, unique), remove; details open pointTypeDetail. */
export function PointTypesTab({ project }: { project: ProjectRow }) {
  const { t } = useTranslation(['projects', 'common']);
  const can = useCan();
  const modal = useModal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ Name: string }>();
  const [saving, setSaving] = useState(false);
  const manage = can('project.detail');

  const list = useQuery({
    queryKey: [...projectKey(project.ProjectId), 'pointTypes'],
    queryFn: ({ signal }) =>
      callApi(routes.houseMaps.getAllPointTypes, { ProjectId: project.ProjectId }, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKey(project.ProjectId) });

  async function add({ Name }: { Name: string }) {
    setSaving(true);
    try {
      await callApi(routes.houseMaps.savePointType, { ProjectId: project.ProjectId, Name: Name.trim() });
      notify.success(t('siteType.added'));
      form.resetFields();
      await refresh();
    } catch (error) {
      // 409 duplicate and 400 rules go next to the field; anything else is shown as a message.
      if (isApiError(error) && !error.shown && error.code !== 423)
        form.setFields([{ name: 'Name', errors: [error.message] }]);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  const remove = (pointType: PointType) =>
    modal.confirm({
      title: t('siteType.delete.title'),
      content: t('siteType.delete.confirm', { name: pointType.Name }),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await callApi(routes.houseMaps.removePointTypes, {
            ProjectId: project.ProjectId,
            Id: pointType.Id,
          });
          notify.success(t('siteType.delete.done'));
          await refresh();
        } catch (error) {
          // In use by a room (409) or published (423): the server's refusal.
          showError(error);
        }
      },
    });

  const names = (list.data ?? []).map((item) => item.Name.trim().toLowerCase());

  return (
    <Flex vertical gap={12}>
      {manage && (
        <Form form={form} layout="inline" onFinish={(values) => void add(values)}>
          <Form.Item
            name="Name"
            rules={[
              zodRule(nameSchema),
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && names.includes(value.trim().toLowerCase()))
                    throw new Error(t('siteType.duplicate'));
                },
              },
            ]}
          >
            <Input
              maxLength={POINT_TYPE_NAME_MAX}
              showCount
              placeholder={t('siteType.namePlaceholder')}
              aria-label={t('siteType.name')}
              style={{ width: 320 }}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
              {t('siteType.add')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Table<PointType>
        size="small"
        rowKey="Id"
        {...tableLoading(list)}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('siteType.name'), dataIndex: 'Name' },
          { title: t('siteType.rooms'), dataIndex: 'RoomCount', width: 120, align: 'right' },
          {
            title: t('siteType.items'),
            dataIndex: 'MeasureItems',
            width: 120,
            align: 'right',
            render: (items: PointType['MeasureItems']) => items.length,
          },
          {
            title: t('houseMap.column.createTime'),
            dataIndex: 'CreateTime',
            width: 160,
            render: (value: string) => showDateTime(value),
          },
          {
            title: t('column.actions'),
            key: 'actions',
            width: 140,
            render: (_value: unknown, row: PointType) => (
              <Space size={0}>
                <Link
                  to={pointTypeDetailPathOf(project.ProjectId, row.Id)}
                  aria-label={t('siteType.detailsOf', { name: row.Name })}
                >
                  {t('siteType.details')}
                </Link>
                {manage && (
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('common:action.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
