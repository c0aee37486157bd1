import { apiRoutes, type OrgRow, type OrgTreeNode } from '@measure/contract';
import { Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { moveTargets } from './orgTree.ts';
import { OrgTreeSelect } from './OrgTreeSelect.tsx';

export type OrgDialogMode =
  | { kind: 'create'; parentId: string | null }
  | { kind: 'rename'; org: OrgTreeNode }
  | { kind: 'move'; org: OrgTreeNode };

const VISIBLE_FIELDS = { create: ['Name', 'ParentId'], rename: ['Name'], move: ['ParentId'] } as const;

interface Values {
  Name: string;
  ParentId: string | null;
}

/** Create a sub-organisation (or a top-level one), rename one, or move one under another parent. */
export default function OrgDialog({
  mode,
  tree,
  onClose,
  onSaved,
}: {
  mode: OrgDialogMode;
  tree: OrgTreeNode[];
  onClose: () => void;
  onSaved: (org: OrgRow) => void;
}) {
  const { t } = useTranslation(['orgs', 'common']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const org = mode.kind === 'create' ? null : mode.org;
  // A node cannot move under itself or one of its descendants.
  const targets = useMemo(() => moveTargets(tree, org?.OrgId), [tree, org]);

  async function save(values: Values) {
    setSaving(true);
    try {
      const saved = await callApi(routes.orgs.create, {
        OrgId: org?.OrgId ?? null,
        Name: mode.kind === 'move' ? (org?.Name ?? '') : values.Name,
        ParentId: mode.kind === 'rename' ? (org?.ParentId ?? null) : (values.ParentId ?? null),
      });
      notify.success(t(`dialog.done.${mode.kind}`));
      onSaved(saved);
      onClose();
    } catch (error) {
      // Problems of a field the dialog shows go next to it (a taken name, a parent that cannot be chosen).
      const fields = fieldErrorsFor(error, VISIBLE_FIELDS[mode.kind]);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t(`dialog.title.${mode.kind}`, { name: org?.Name ?? '' })}
      onCancel={onClose}
      okText={t('common:action.ok')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            Name: org?.Name ?? '',
            ParentId: mode.kind === 'create' ? mode.parentId : (org?.ParentId ?? null),
          }}
          onFinish={(values) => void save(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {mode.kind !== 'move' && (
        <Form.Item
          name="Name"
          label={t('dialog.name')}
          rules={[bodyFieldRule(apiRoutes.orgs.create, 'Name')]}
          required
        >
          <Input maxLength={32} autoFocus />
        </Form.Item>
      )}
      {mode.kind !== 'rename' && (
        <Form.Item name="ParentId" label={t('dialog.parent')} extra={t('dialog.parentHelp')}>
          <OrgTreeSelect tree={targets} placeholder={t('dialog.topLevel')} aria-label={t('dialog.parent')} />
        </Form.Item>
      )}
    </Modal>
  );
}
