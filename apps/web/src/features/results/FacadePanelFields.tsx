import { facadePlaceShape, type RouteResult, type resultsRoutes } from '@measure/contract';
import { Form, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { nestedFieldErrors, type NestedFieldErrors } from '../../shared/forms/serverErrors.ts';
import { zodRule } from '../../shared/forms/zodRule.ts';
import { useSideTitle } from '../external-walls/sideTitle.ts';
import './i18n.ts';

type ManualView = RouteResult<typeof resultsRoutes.getManualMeasureSummaryItems>;

export interface FacadePanelValues {
  Side?: string;
  Floor?: number;
  X0?: number | null;
  X1?: number | null;
  Z0?: number | null;
  Z1?: number | null;
}

const PANEL_FIELDS = ['Side', 'Floor', 'X0', 'X1', 'Z0', 'Z1'] as const;

/**
 * The server's refusals of a panel on the form's fields: a placement refusal names `Sites[0].X1`,
 * a body rule `X1`; the last part is the field. Others (readings) are left for above the form.
 */
export function panelFieldErrors(error: unknown): NestedFieldErrors {
  return nestedFieldErrors(error, (path) => {
    const last = path[path.length - 1];
    return PANEL_FIELDS.find((field) => field === last) ? [last as string] : null;
  });
}

const floorsOf = (view: ManualView) => {
  const from = view.FloorFrom ?? 1;
  return Array.from({ length: Math.max(0, (view.FloorTo ?? from) - from + 1) }, (_, at) => from + at);
};

/**
 * Where a facade panel typed in lies (measurement-api.md section 9): one of the task's sides, a
 * floor of its band, X0..X1 metres along the side from its left edge and Z0..Z1 metres above
 * ±0.000. The form checks the contract's rules; the placement rules (within the side's width, no
 * overlap) are the server's, whose field errors land on these fields.
 */
export function FacadePanelFields(props: {
  form: FormInstance<FacadePanelValues>;
  view: ManualView;
  disabled: boolean;
}) {
  const { t } = useTranslation(['results', 'external-walls', 'messages']);
  const sideTitle = useSideTitle();
  const { form, view } = props;
  const side = Form.useWatch('Side', form);
  const width = view.FacadeSides.find((item) => item.Side === side)?.WidthM;
  const metres = (field: 'X0' | 'X1' | 'Z0' | 'Z1', extra?: string) => (
    <Form.Item
      name={field}
      label={t(`manual.${field.toLowerCase() as 'x0' | 'x1' | 'z0' | 'z1'}`)}
      extra={extra}
      rules={[zodRule(facadePlaceShape[field], { required: true })]}
    >
      <InputNumber step={0.1} precision={3} style={{ width: 130 }} disabled={props.disabled} />
    </Form.Item>
  );
  return (
    <Form<FacadePanelValues>
      form={form}
      layout="vertical"
      disabled={props.disabled}
      initialValues={{ Side: view.FacadeSides[0]?.Side, Floor: view.FloorFrom ?? undefined }}
      style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}
      data-testid="facade-panel-fields"
    >
      <Form.Item
        name="Side"
        label={t('manual.side')}
        rules={[zodRule(facadePlaceShape.Side, { required: true })]}
      >
        <Select
          style={{ width: 200 }}
          options={view.FacadeSides.map((item) => ({
            value: item.Side,
            label: sideTitle(item),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="Floor"
        label={t('manual.floor')}
        rules={[{ required: true, message: t('messages:rules.required') }]}
      >
        <Select
          style={{ width: 120 }}
          options={floorsOf(view).map((floor) => ({
            value: floor,
            label: t('external-walls:elevation.floorLabel', { floor }),
          }))}
        />
      </Form.Item>
      {metres('X0', width === undefined ? undefined : t('manual.alongHint', { width }))}
      {metres('X1')}
      {metres('Z0', t('manual.upHint'))}
      {metres('Z1')}
    </Form>
  );
}
