import { apiRoutes, ROLES, roleNameList, type Role } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Radio, Row, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { useSelf } from '../auth/self.ts';
import { PermissionGate } from '../layout/PermissionGate.tsx';
import { OrgTreeSelect } from '../orgs/OrgTreeSelect.tsx';
import {
  createPayload,
  editPayload,
  formValuesOf,
  roleLabels,
  USER_FIELD_ALIASES,
  USER_FORM_FIELDS,
  USER_LIST_PATH,
  type UserFormValues,
} from './userForm.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';

const route = apiRoutes.userAdmin.createUser;
const DEFAULTS: Partial<UserFormValues> = { Gender: 0, Status: 1, RoleNameList: ['Surveyor'], OrgId: null };

/** `mscUserCreate`: create a user, or edit one with `?id=`. */
export default function UserFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PermissionGate permission={id ? 'user.manage' : 'user.create'}>
      <UserForm key={id ?? 'new'} userId={id} />
    </PermissionGate>
  );
}

function UserForm({ userId }: { userId: string | null }) {
  const { t } = useTranslation(['user-admin', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const self = useSelf();
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const language = currentLanguage();
  const editing = userId !== null;

  const user = useQuery({
    queryKey: ['userAdmin', 'user', userId],
    queryFn: ({ signal }) => callApi(routes.userAdmin.getUser, { UserId: userId ?? '' }, { signal }),
    enabled: editing,
    // The form must start from the stored user, not from a list row seen earlier.
    staleTime: 0,
  });

  // Only a company administrator may grant the company administrator role (the server checks too).
  const mayGrantAdmin = self.data?.RoleNameList[0] === 'CompanyAdmin';
  const roleOptions = ROLES.map((role: Role) => ({
    value: role,
    label: roleLabels([role], language)[0],
    disabled: role === 'CompanyAdmin' && !mayGrantAdmin,
  }));

  async function save(values: UserFormValues) {
    setSaving(true);
    try {
      if (userId) {
        await callApi(routes.userAdmin.editUser, editPayload(userId, values));
        notify.success(t('form.saved'));
      } else {
        await callApi(routes.userAdmin.createUser, createPayload(values));
        notify.success(t('form.created'));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['userAdmin'] }),
        queryClient.invalidateQueries({ queryKey: ['orgs'] }),
        // Editing yourself changes your own profile and permissions.
        userId === self.data?.UserId ? queryClient.invalidateQueries({ queryKey: ['users', 'self'] }) : null,
      ]);
      navigate(USER_LIST_PATH);
    } catch (error) {
      // 400 field rules and 409 duplicates (email, phone) go next to their fields.
      const fields = fieldErrorsFor(error, USER_FORM_FIELDS, USER_FIELD_ALIASES);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  const title = editing ? t('form.editTitle') : t('form.createTitle');
  if (editing && !user.data) return <Card title={title}>{user.isError ? null : <Skeleton active />}</Card>;

  return (
    <Card title={title}>
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={user.data ? formValuesOf(user.data) : DEFAULTS}
        onFinish={(values) => void save(values)}
        style={{ maxWidth: 880 }}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="Name"
              label={t('field.Name')}
              rules={[bodyFieldRule(route, 'Name')]}
              extra={t('form.nameHelp')}
              required
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="Email"
              label={t('field.Email')}
              rules={[bodyFieldRule(route, 'Email', { required: true })]}
              extra={t('form.emailHelp')}
              required
            >
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Phone" label={t('field.Phone')} rules={[bodyFieldRule(route, 'Phone')]}>
              <Input maxLength={11} inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Gender" label={t('field.Gender')}>
              <Radio.Group
                options={([0, 1, 2] as const).map((gender) => ({
                  value: gender,
                  label: t(`gender.${gender}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Position" label={t('field.Position')} rules={[bodyFieldRule(route, 'Position')]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="Department"
              label={t('field.Department')}
              rules={[bodyFieldRule(route, 'Department')]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="OrgId" label={t('field.Org')}>
              <OrgTreeSelect placeholder={t('form.orgPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Status" label={t('field.Status')}>
              <Radio.Group
                disabled={editing && userId === self.data?.UserId}
                options={[
                  { value: 1, label: t('status.1') },
                  { value: 0, label: t('status.0') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="RoleNameList"
              label={t('field.Roles')}
              rules={[zodRule(roleNameList)]}
              extra={t('form.rolesHelp')}
              required
            >
              <Select<Role[]> mode="multiple" options={roleOptions} aria-label={t('field.Roles')} />
            </Form.Item>
          </Col>
          {!editing && (
            <Col xs={24} md={12}>
              <Form.Item
                name="Password"
                label={t('field.Password')}
                rules={[bodyFieldRule(route, 'Password')]}
                extra={t('form.passwordHelp')}
                required
              >
                <Input.Password maxLength={16} autoComplete="new-password" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:action.save')}
          </Button>
          <Button onClick={() => navigate(USER_LIST_PATH)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
