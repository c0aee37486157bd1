import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { apiRoutes, ORDER_LINE_KINDS, type OrderDetail } from '@measure/contract';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { nestedFieldErrors } from '../../shared/forms/serverErrors.ts';
import { useCompanyOptions } from './consoleQueries.ts';

const add = apiRoutes.operatorConsole.addOrder;
interface OrderForm {
  CompanyId: string;
  OrderNumber?: string;
  Note?: string;
  Lines: { Kind: 'device' | 'software'; Item: string; Quantity: number; UnitPrice: number }[];
}

/** What the form starts with: an empty line, or the draft being edited. */
const initialValuesOf = (order?: OrderDetail): Partial<OrderForm> =>
  order
    ? {
        CompanyId: order.CompanyId,
        OrderNumber: order.OrderNumber,
        Note: order.Note ?? undefined,
        Lines: order.Lines.map(({ Kind, Item, Quantity, UnitPrice }) => ({
          Kind,
          Item,
          Quantity,
          UnitPrice,
        })),
      }
    : { Lines: [{ Kind: 'device', Item: '', Quantity: 1, UnitPrice: 0 }] };

/**
 * A new draft order, or a draft being edited (`order`): its company, number (generated when empty,
 * kept when an edit empties it), note and lines.
 */
export function OrderFormDialog({
  order,
  onClose,
  onCreated,
}: {
  order?: OrderDetail;
  onClose: () => void;
  onCreated: (orderId: string) => void;
}) {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const companies = useCompanyOptions();
  const [form] = Form.useForm<OrderForm>();
  const [saving, setSaving] = useState(false);

  async function save(values: OrderForm) {
    setSaving(true);
    try {
      const saved = order
        ? await callApi(routes.operatorConsole.editOrder, { ...values, OrderId: order.OrderId })
        : await callApi(routes.operatorConsole.addOrder, values);
      notify.success(t(order ? 'messages:console.orderSaved' : 'messages:console.orderCreated'));
      onCreated(saved.OrderId);
      onClose();
    } catch (error) {
      // Field errors land on their fields, lines included (`Lines[0].Quantity`).
      const nested = nestedFieldErrors(error, (path) => path);
      if (nested.fields.length) form.setFields(nested.fields as never);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      form={form}
      title={t(order ? 'orders.edit' : 'orders.create')}
      width={760}
      saving={saving}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValuesOf(order)}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="CompanyId"
          label={t('orders.company')}
          rules={[{ required: true, message: t('messages:rules.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('orders.company')}
            loading={companies.loading}
            options={companies.options}
          />
        </Form.Item>
        <Form.Item name="OrderNumber" label={t('orders.number')} rules={[bodyFieldRule(add, 'OrderNumber')]}>
          <Input placeholder={t('orders.numberHint')} />
        </Form.Item>
        <Form.Item name="Note" label={t('orders.note')} rules={[bodyFieldRule(add, 'Note')]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.List name="Lines">
          {(lines, { add: addLine, remove }) => (
            <>
              {lines.map((line, index) => (
                <Space key={line.key} align="baseline" wrap>
                  <Form.Item name={[line.name, 'Kind']} label={index === 0 ? t('orders.kind') : undefined}>
                    <Select
                      style={{ width: 110 }}
                      aria-label={t('orders.kind')}
                      options={ORDER_LINE_KINDS.map((kind) => ({
                        value: kind,
                        label: t(`orders.kind.${kind}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[line.name, 'Item']}
                    label={index === 0 ? t('orders.item') : undefined}
                    rules={[{ required: true, message: t('messages:rules.required') }]}
                  >
                    <Input style={{ width: 220 }} aria-label={t('orders.item')} />
                  </Form.Item>
                  <Form.Item
                    name={[line.name, 'Quantity']}
                    label={index === 0 ? t('orders.quantity') : undefined}
                  >
                    <InputNumber
                      min={1}
                      precision={0}
                      style={{ width: 100 }}
                      aria-label={t('orders.quantity')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[line.name, 'UnitPrice']}
                    label={index === 0 ? t('orders.unitPrice') : undefined}
                  >
                    <InputNumber
                      min={0}
                      precision={2}
                      style={{ width: 140 }}
                      aria-label={t('orders.unitPrice')}
                    />
                  </Form.Item>
                  {lines.length > 1 && (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('common:action.delete')}
                      onClick={() => remove(line.name)}
                    />
                  )}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => addLine({ Kind: 'software', Item: '', Quantity: 1, UnitPrice: 0 })}
              >
                {t('orders.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
