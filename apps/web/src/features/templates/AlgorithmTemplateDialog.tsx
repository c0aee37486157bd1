import { PlusOutlined } from '@ant-design/icons';
import { rules, TEMPLATE_LIMITS } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Skeleton, Table, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeRowColumn } from '../../shared/forms/removeRowColumn.tsx';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { translateIssue, zodRule } from '../../shared/forms/zodRule.ts';
import {
  algorithmFormValues,
  algorithmPayload,
  isDuplicateParam,
  newParam,
  paramIssue,
  type AlgorithmFormValues,
  type ParamValues,
} from './algorithmForm.ts';
import { templateFieldErrors } from './serverFieldPaths.ts';

const NAME_SCHEMA = rules.requiredText(TEMPLATE_LIMITS.name);
const DETAIL_SCHEMA = rules.optionalText(TEMPLATE_LIMITS.detail);
const UNIT_MAX = 8;

/**
 * Create or edit an algorithm parameter template: name, description, scope (this project or the
 * whole company) and named numeric parameters with a value inside [min, max]. Each parameter is
 * checked with the contract's schema, so the messages are the server's.
 */
export default function AlgorithmTemplateDialog({
  projectId,
  guid,
  published,
  onClose,
}: {
  projectId: string;
  /** null: a new template. */
  guid: string | null;
  published: boolean;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('templates');
  const detail = useQuery({
    queryKey: ['algorithmTemplates', 'detail', guid],
    queryFn: ({ signal }) =>
      callApi(routes.algorithm.getAlgorithmParamTemplateDetail, { guid: guid ?? '' }, { signal }),
    enabled: guid !== null,
    staleTime: 0,
  });

  if (guid === null || detail.data) {
    return (
      <AlgorithmForm
        projectId={projectId}
        guid={guid}
        published={published}
        initial={algorithmFormValues(detail.data ?? null, published ? 'company' : 'project')}
        onClose={onClose}
      />
    );
  }
  // Editing: the template's current version is read first.
  return (
    <Modal open title={t('algorithm.editTitle', { name: '' })} footer={null} onCancel={() => onClose(false)}>
      {detail.isError ? (
        <Alert type="error" showIcon title={t('algorithm.loadFailed')} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

function AlgorithmForm({
  projectId,
  guid,
  published,
  initial,
  onClose,
}: {
  projectId: string;
  guid: string | null;
  published: boolean;
  initial: AlgorithmFormValues;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation(['templates', 'messages']);
  const [form] = Form.useForm<AlgorithmFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(values: AlgorithmFormValues) {
    setSaving(true);
    setFailure(null);
    try {
      await callApi(
        routes.algorithm.saveAlgorithmParamTemplateDetail,
        algorithmPayload(guid, projectId, values),
      );
      notify.success(guid ? t('algorithm.saved') : t('algorithm.created'));
      onClose(true);
    } catch (error) {
      const fields = templateFieldErrors(error, ['Name', 'detail', 'list']);
      // Row paths (Items[2].DesignValue) are only known at run time.
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      // 423 (a published project's template), 404 and the like: in the dialog.
      if (isApiError(error) && !error.shown && !fields.length) setFailure(error.message);
    } finally {
      setSaving(false);
    }
  }

  /** The contract's rule for one field of parameter row `index`. */
  const paramRule = (index: number, field: 'Name' | 'Value' | 'Min' | 'Max' | 'Unit'): RuleObject => ({
    validator: async () => {
      const row = (form.getFieldValue('list') as ParamValues[] | undefined)?.[index];
      const issue = paramIssue(row, field);
      if (issue) throw new Error(translateIssue(issue, row?.[field]));
    },
  });

  const numberColumn = (field: 'Min' | 'Max' | 'Value', dependsOn: ('Min' | 'Max')[]) => ({
    title: t(`algorithm.param.${field}`),
    key: field,
    width: 150,
    render: (_value: unknown, row: { name: number }) => (
      <Form.Item
        name={[row.name, field]}
        rules={[paramRule(row.name, field)]}
        dependencies={dependsOn.map((other) => ['list', row.name, other])}
        style={{ marginBottom: 0 }}
      >
        <InputNumber
          style={{ width: '100%' }}
          aria-label={t(`algorithm.param.${field}Of`, { row: row.name + 1 })}
        />
      </Form.Item>
    ),
  });

  return (
    <FormDialog
      form={form}
      title={guid ? t('algorithm.editTitle', { name: initial.Name }) : t('algorithm.createTitle')}
      width={940}
      saving={saving}
      failure={failure}
      onClose={() => onClose(false)}
    >
      <Form<AlgorithmFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save(values)}
        onValuesChange={() => setFailure(null)}
        scrollToFirstError
      >
        <Form.Item name="Name" label={t('algorithm.name')} rules={[zodRule(NAME_SCHEMA)]} required>
          <Input maxLength={TEMPLATE_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item name="detail" label={t('algorithm.detail')} rules={[zodRule(DETAIL_SCHEMA)]}>
          <Input.TextArea
            maxLength={TEMPLATE_LIMITS.detail}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item
          name="Scope"
          label={t('algorithm.scope')}
          extra={published ? t('algorithm.scopePublished') : undefined}
        >
          <Radio.Group
            options={[
              { value: 'project', label: t('algorithm.scopeProject'), disabled: published },
              { value: 'company', label: t('algorithm.scopeCompany') },
            ]}
          />
        </Form.Item>
        <Form.List
          name="list"
          rules={[
            {
              validator: async (_rule, params: unknown[] | undefined) => {
                if (!params?.length) throw new Error(t('algorithm.paramRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table<(typeof fields)[number]>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                title={() => t('algorithm.params')}
                locale={{ emptyText: t('algorithm.noParams') }}
                scroll={{ y: 300 }}
                columns={[
                  {
                    title: t('algorithm.param.Name'),
                    key: 'Name',
                    render: (_value, row) => (
                      <Form.Item
                        name={[row.name, 'Name']}
                        rules={[
                          paramRule(row.name, 'Name'),
                          {
                            validator: async () => {
                              if (isDuplicateParam(form.getFieldValue('list'), row.name))
                                throw new Error(t('messages:algorithm.duplicateParam'));
                            },
                          },
                        ]}
                        style={{ marginBottom: 0 }}
                      >
                        <Input
                          maxLength={TEMPLATE_LIMITS.paramName}
                          aria-label={t('algorithm.param.NameOf', { row: row.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  numberColumn('Min', ['Max']),
                  numberColumn('Max', ['Min']),
                  numberColumn('Value', ['Min', 'Max']),
                  {
                    title: t('algorithm.param.Unit'),
                    key: 'Unit',
                    width: 100,
                    render: (_value, row) => (
                      <Form.Item
                        name={[row.name, 'Unit']}
                        rules={[paramRule(row.name, 'Unit')]}
                        style={{ marginBottom: 0 }}
                      >
                        <Input
                          maxLength={UNIT_MAX}
                          aria-label={t('algorithm.param.UnitOf', { row: row.name + 1 })}
                        />
                      </Form.Item>
                    ),
                  },
                  removeRowColumn((row) => t('algorithm.removeParam', { row }), remove),
                ]}
              />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={fields.length >= TEMPLATE_LIMITS.maxParams}
                onClick={() => add(newParam())}
              >
                {t('algorithm.addParam')}
              </Button>
              <Form.ErrorList errors={errors} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {t('algorithm.rules', {
                  max: TEMPLATE_LIMITS.maxParams,
                  nameMax: TEMPLATE_LIMITS.paramName,
                  unitMax: UNIT_MAX,
                })}
              </Typography.Paragraph>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
