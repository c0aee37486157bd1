import { apiRoutes, type DeviceRow } from '@measure/contract';
import { Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { bodyFieldRule } from '../../shared/forms/bodyRule.ts';
import { FormDialog } from '../../shared/forms/FormDialog.tsx';
import { fieldErrorsFor } from '../../shared/forms/serverErrors.ts';
import { ALL_FIELDS, formValuesOf, payloadOf, TEXT_FIELDS, type DeviceFormValues } from './deviceForm.ts';
import type { KeySuffix } from '../../shared/i18n/types.ts';

const route = apiRoutes.devices.addDevice;
const rule = (field: string) => bodyFieldRule(route, field);
const MAX_LENGTH: Record<string, number> = { CustomerContact: 32, CustomerPhoneNumber: 20, ScannerType: 32 };

/** Create or edit a device with every field of the spec's payload. */
export default function DeviceFormDialog({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<DeviceFormValues>();
  const [saving, setSaving] = useState(false);

  async function save(values: DeviceFormValues) {
    setSaving(true);
    try {
      const payload = payloadOf(values);
      if (device) await callApi(routes.devices.updateDevice, { DeviceGuid: device.DeviceGuid, ...payload });
      else await callApi(routes.devices.addDevice, payload);
      notify.success(device ? t('form.saved') : t('form.created'));
      onSaved();
      onClose();
    } catch (error) {
      const fields = fieldErrorsFor(error, ALL_FIELDS);
      if (fields.length) form.setFields(fields);
      else showError(error);
    } finally {
      setSaving(false);
    }
  }

  const text = (field: KeySuffix<'devices', 'field.'>) => (
    <Col xs={24} sm={12} key={field}>
      <Form.Item name={field} label={t(`field.${field}`)} rules={[rule(field)]}>
        <Input maxLength={MAX_LENGTH[field] ?? 64} aria-label={t(`field.${field}`)} />
      </Form.Item>
    </Col>
  );
  const date = (field: KeySuffix<'devices', 'field.'>, required = false) => (
    <Col xs={24} sm={12} key={field}>
      <Form.Item
        name={field}
        label={t(`field.${field}`)}
        rules={required ? [{ required: true, message: t('form.productionDateRequired') }] : []}
      >
        <DatePicker
          style={{ width: '100%' }}
          aria-label={t(`field.${field}`)}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        />
      </Form.Item>
    </Col>
  );
  const warranty = (field: KeySuffix<'devices', 'field.'>) => (
    <Col xs={24} sm={12} key={field}>
      <Form.Item name={field} label={t(`field.${field}`)} rules={[rule(field)]}>
        <Select<number>
          allowClear
          aria-label={t(`field.${field}`)}
          placeholder={t('form.warrantyPlaceholder')}
          options={[1, 3, 5].map((years) => ({ value: years, label: t('warranty.years', { years }) }))}
        />
      </Form.Item>
    </Col>
  );

  return (
    <FormDialog
      form={form}
      width={760}
      title={device ? t('form.editTitle', { number: device.DeviceNumber }) : t('form.createTitle')}
      saving={saving}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={formValuesOf(device)}
        onFinish={(values) => void save(values)}
        style={{ maxHeight: '62vh', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 }}
      >
        <Divider titlePlacement="start">{t('form.section.machine')}</Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="DeviceNumber"
              label={t('field.DeviceNumber')}
              rules={[rule('DeviceNumber')]}
              required
            >
              <Input maxLength={32} aria-label={t('field.DeviceNumber')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="DeviceType" label={t('field.DeviceType')}>
              <Select
                aria-label={t('field.DeviceType')}
                options={[
                  { value: 'robot', label: t('type.robot') },
                  { value: 'scanner', label: t('type.scanner') },
                ]}
              />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.machine.map(text)}
          {date('DeviceDateOfProduction', true)}
          {warranty('DeviceExpire')}
        </Row>
        <Divider titlePlacement="start">{t('form.section.customer')}</Divider>
        <Row gutter={16}>{TEXT_FIELDS.customer.map(text)}</Row>
        <Divider titlePlacement="start">{t('form.section.scanner')}</Divider>
        <Row gutter={16}>
          {TEXT_FIELDS.scanner.map(text)}
          {date('ScannerDateOfProduction')}
          {warranty('ScannerExpire')}
        </Row>
        <Divider titlePlacement="start">{t('form.section.computer')}</Divider>
        <Row gutter={16}>
          {TEXT_FIELDS.computer.map(text)}
          {date('ComputerDateOfProduction')}
          {warranty('ComputerExpire')}
        </Row>
        <Divider titlePlacement="start">{t('form.section.tripod')}</Divider>
        <Row gutter={16}>
          {TEXT_FIELDS.tripod.map(text)}
          {warranty('TripodExpire')}
        </Row>
      </Form>
    </FormDialog>
  );
}
