import { INSPECTION_KINDS, MEASURE_KINDS, STAGES } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { dateShortcuts, toApiDate } from '../../shared/forms/dateShortcuts.ts';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { useStageLabel } from '../tasks/taskLabels.tsx';
import type { AnalysisFilter } from './analysisFilter.ts';
import './i18n.ts';

type FormValues = Omit<AnalysisFilter, 'StartDate' | 'EndDate' | 'RatingHigh' | 'RatingMiddle'> & {
  Dates?: [Dayjs | null, Dayjs | null] | null;
  RatingHigh?: number | null;
  RatingMiddle?: number | null;
};

const toForm = (filter: AnalysisFilter): FormValues => ({
  ProjectId: filter.ProjectId,
  Stage: filter.Stage,
  InspectionKind: filter.InspectionKind,
  MeasureKind: filter.MeasureKind,
  ItemCodes: filter.ItemCodes,
  Dates: [filter.StartDate ? dayjs(filter.StartDate) : null, filter.EndDate ? dayjs(filter.EndDate) : null],
  RatingHigh: filter.RatingHigh,
  RatingMiddle: filter.RatingMiddle,
});

interface Props {
  filter: AnalysisFilter;
  onChange: (filter: AnalysisFilter) => void;
  /** Hide the project picker (a page about one project). */
  fixedProject?: boolean;
  /** The page's failed call: its field problems are shown on their fields. */
  error?: unknown;
}

/** Server fields onto this form's fields (both dates are one picker). */
const FORM_FIELDS = ['Stage', 'InspectionKind', 'MeasureKind', 'ItemCodes', 'Dates', 'RatingMiddle'] as const;
const DATE_FIELDS = { StartDate: 'Dates', EndDate: 'Dates' } as const;

/**
 * The analysis filters (spec section 5): project, stage, inspection kind, items, dates with the
 * spec's shortcuts and the rating bands. The server checks the same rules and its message is shown.
 */
export function AnalysisFilterBar({ filter, onChange, fixedProject, error }: Props) {
  const { t, i18n } = useTranslation(['analysis', 'tasks', 'common']);
  const { t: tc } = useTranslation('common');
  const stageLabel = useStageLabel();
  const [form] = Form.useForm<FormValues>();
  useEffect(() => form.setFieldsValue(toForm(filter)), [filter, form]);
  useEffect(() => {
    const problems = fieldErrorsFor(error, FORM_FIELDS, DATE_FIELDS);
    // Every field shown afresh: a fixed filter loses its old message.
    form.setFields(
      FORM_FIELDS.map((name) => ({
        name,
        errors: problems.find((problem) => problem.name === name)?.errors ?? [],
      })),
    );
  }, [error, form]);

  const projects = useQuery({
    queryKey: ['projects', 'select'],
    queryFn: ({ signal }) => callApi(routes.projects.getProjectSelectItem, undefined, { signal }),
    enabled: !fixedProject,
  });
  const items = useQuery({
    queryKey: ['standards', 'library'],
    queryFn: ({ signal }) => callApi(routes.standards.getList, undefined, { signal }),
  });
  const english = i18n.language === 'en-US';

  const submit = (values: FormValues) =>
    onChange({
      ProjectId: fixedProject ? filter.ProjectId : values.ProjectId,
      Stage: values.Stage,
      InspectionKind: values.InspectionKind,
      MeasureKind: values.MeasureKind,
      ItemCodes: values.ItemCodes?.length ? values.ItemCodes : undefined,
      StartDate: toApiDate(values.Dates?.[0]),
      EndDate: toApiDate(values.Dates?.[1]),
      RatingHigh: values.RatingHigh ?? undefined,
      RatingMiddle: values.RatingMiddle ?? undefined,
    });

  return (
    <Form form={form} layout="inline" onFinish={submit} initialValues={toForm(filter)} style={{ rowGap: 8 }}>
      {!fixedProject && (
        <Form.Item name="ProjectId" label={t('filter.project')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter.allProjects')}
            style={{ width: 180 }}
            loading={projects.isLoading}
            options={(projects.data ?? []).map((p) => ({ value: p.ProjectId, label: p.Name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="Stage" label={t('filter.stage')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('applied.all')}
          options={STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
        />
      </Form.Item>
      <Form.Item name="InspectionKind" label={t('filter.inspectionKind')}>
        <Select
          allowClear
          style={{ width: 170 }}
          options={INSPECTION_KINDS.map((kind) => ({
            value: kind,
            label: t(`tasks:inspectionKind.${kind}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="MeasureKind" label={t('filter.measureKind')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('applied.all')}
          options={MEASURE_KINDS.map((kind) => ({ value: kind, label: t(`tasks:measureKind.${kind}`) }))}
        />
      </Form.Item>
      <Form.Item name="ItemCodes" label={t('filter.items')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          loading={items.isLoading}
          options={(items.data ?? []).map((item) => ({
            value: item.Code,
            label: `${item.Code} ${english ? item.NameEn : item.NameZh}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="Dates" label={t('filter.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} presets={dateShortcuts(tc)} />
      </Form.Item>
      <Form.Item name="RatingHigh" label={t('filter.ratingHigh')}>
        <InputNumber min={0} max={100} style={{ width: 72 }} placeholder="90" />
      </Form.Item>
      <Form.Item name="RatingMiddle" label={t('filter.ratingMiddle')}>
        <InputNumber min={0} max={100} style={{ width: 72 }} placeholder="80" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('filter.apply')}
          </Button>
          <Button onClick={() => onChange({ ProjectId: fixedProject ? filter.ProjectId : undefined })}>
            {t('filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
