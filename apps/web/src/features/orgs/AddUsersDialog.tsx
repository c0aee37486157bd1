import type { OrgTreeNode } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { companyUsersQuery } from './orgQueries.ts';

/** Picks company users (GetCompanyUserList) and moves them into the organisation. */
export default function AddUsersDialog({
  org,
  onClose,
  onAdded,
}: {
  org: OrgTreeNode;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation(['orgs', 'common']);
  const users = useQuery({ ...companyUsersQuery, staleTime: 0 });
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options = (users.data ?? [])
    .filter((user) => user.OrgId !== org.OrgId)
    .map((user) => ({
      value: user.UserId,
      label: user.OrgName
        ? t('users.option', { name: user.Name, email: user.Email, org: user.OrgName })
        : t('users.optionNoOrg', { name: user.Name, email: user.Email }),
    }));

  async function save() {
    if (!picked.length) {
      setError(t('users.pickOne'));
      return;
    }
    setSaving(true);
    try {
      await callApi(routes.orgs.addUsers, { OrgId: org.OrgId, UserIds: picked });
      notify.success(t('users.added', { count: picked.length }));
      onAdded();
      onClose();
    } catch (failure) {
      showError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('users.addTitle', { name: org.Name })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common:action.ok')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('users.addHelp')}</Typography.Paragraph>
      <Select<string[]>
        mode="multiple"
        style={{ width: '100%' }}
        value={picked}
        onChange={(value) => {
          setPicked(value);
          setError(null);
        }}
        options={options}
        loading={users.isFetching}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('users.pick')}
        aria-label={t('users.pick')}
        status={error ? 'error' : undefined}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
