import type { ManualEntry } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { FiguresSummary } from '../tasks/FiguresSummary.tsx';
import { formatRate, TASK_EXECUTION_PATH } from '../tasks/taskLabels.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import { FacadePanelFields, panelFieldErrors, type FacadePanelValues } from './FacadePanelFields.tsx';
import { GradeTags, ManualItemFields, readingsToSend, type ManualValues } from './ManualItemFields.tsx';
import './i18n.ts';

const householdKey = (row: { BuildingNumber: string; Floor: number; Household: number | null }) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;

/**
 * Manual entry (`manualMeasure?taskId=`): readings typed in per household and room, or on an
 * external-wall task per facade panel (side, floor, X/Z), and per item.
 */
export default function ManualMeasurePage() {
  const { t } = useTranslation(['results', 'tasks', 'common']);
  const places = usePlaceText();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: ['results', 'manual', taskId],
    queryFn: ({ signal }) =>
      callApi(routes.results.getManualMeasureSummaryItems, { TaskId: taskId }, { signal }),
    enabled: Boolean(taskId),
  });
  const [household, setHousehold] = useState<string>();
  const [room, setRoom] = useState<string>('');
  const [panelForm] = Form.useForm<FacadePanelValues>();
  const [values, setValues] = useState<ManualValues>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (view.isLoading) return <PageLoading />;
  const data = view.data;
  if (!data) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const facade = data.TaskKind === 'externalWall';
  const selected = data.Households.find((row) => householdKey(row) === household) ?? data.Households[0];
  const rooms = selected?.Rooms ?? [];

  /** Loads a saved site into the form, to correct it. */
  const edit = (entry: ManualEntry) => {
    if (entry.Side) {
      panelForm.setFieldsValue({
        Side: entry.Side,
        Floor: entry.Floor,
        X0: entry.X0,
        X1: entry.X1,
        Z0: entry.Z0,
        Z1: entry.Z1,
      });
    } else {
      setHousehold(householdKey(entry));
      setRoom(entry.RoomId ?? '');
    }
    setValues(Object.fromEntries(entry.Readings.map((reading) => [reading.ItemCode, reading.Values])));
  };

  /** The place part of the call: the chosen panel (checked first) or household and room. */
  const placeToSend = async () => {
    if (facade) {
      const panel = await panelForm.validateFields().catch(() => null);
      if (!panel) return null;
      return {
        BuildingNumber: data.BuildingNumber ?? '',
        Floor: panel.Floor ?? 0,
        Household: null,
        RoomId: null,
        Side: panel.Side ?? null,
        X0: panel.X0 ?? null,
        X1: panel.X1 ?? null,
        Z0: panel.Z0 ?? null,
        Z1: panel.Z1 ?? null,
      };
    }
    if (!selected) return null;
    return {
      BuildingNumber: selected.BuildingNumber,
      Floor: selected.Floor,
      Household: selected.Household,
      RoomId: room || null,
    };
  };

  const save = async () => {
    setFailure(null);
    const readings = readingsToSend(data.Items, values);
    if (readings.length === 0) {
      notify.warning(t('manual.nothing'));
      return;
    }
    const place = await placeToSend();
    if (!place) return;
    setSaving(true);
    try {
      const entry = await callApi(routes.results.updates, { TaskId: taskId, ...place, Readings: readings });
      notify.success(t('manual.saved', { rate: formatRate(entry.Figures.PassRate) }));
      await queryClient.invalidateQueries({ queryKey: ['results', 'manual', taskId] });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
      await queryClient.invalidateQueries({ queryKey: ['externalWalls'] });
    } catch (error) {
      const errors = facade ? panelFieldErrors(error) : { fields: [], other: [] };
      if (errors.fields.length > 0)
        panelForm.setFields(errors.fields as Parameters<typeof panelForm.setFields>[0]);
      if (errors.other.length > 0) setFailure(errors.other.join(' '));
      if (errors.fields.length === 0 && errors.other.length === 0) showError(error);
    } finally {
      setSaving(false);
    }
  };

  const entryColumns: ColumnsType<ManualEntry> = [
    {
      title: t('manual.place'),
      key: 'place',
      width: 260,
      render: (_, entry) => [places.site(entry), places.panel(entry)].filter(Boolean).join(' · '),
    },
    {
      title: t('manual.readings'),
      key: 'readings',
      render: (_, entry) => (
        <Space direction="vertical" size={2}>
          {entry.Readings.map((reading) => (
            <span key={reading.ItemCode}>
              {`${reading.ItemCode}: ${reading.Values.join(', ')} `}
              <GradeTags grades={reading.Grades} />
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('manual.passRate'),
      key: 'rate',
      width: 100,
      render: (_, entry) => formatRate(entry.Figures.PassRate),
    },
    {
      title: '',
      key: 'edit',
      width: 80,
      render: (_, entry) =>
        data.Editable && (
          <Button type="link" size="small" onClick={() => edit(entry)}>
            {t('manual.edit')}
          </Button>
        ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${t('manual.title')}: ${data.Name}`}
        extra={
          <Link to={TASK_EXECUTION_PATH}>
            <Button>{t('manual.back')}</Button>
          </Link>
        }
      >
        <Typography.Paragraph type="secondary">
          {t(facade ? 'manual.facadeNote' : 'manual.note')}
        </Typography.Paragraph>
        {!data.Editable && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('manual.readOnly')} />
        )}
        {data.Items.length === 0 ? (
          <Empty description={t('manual.noItems')} />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {facade ? (
              <FacadePanelFields form={panelForm} view={data} disabled={!data.Editable} />
            ) : (
              <Space wrap>
                <Select
                  style={{ width: 260 }}
                  aria-label={t('manual.household')}
                  value={selected ? householdKey(selected) : undefined}
                  onChange={(key: string) => {
                    setHousehold(key);
                    setRoom('');
                  }}
                  options={data.Households.map((row) => ({
                    value: householdKey(row),
                    label: places.place(row),
                  }))}
                />
                <Select
                  style={{ width: 200 }}
                  aria-label={t('manual.room')}
                  value={room}
                  onChange={setRoom}
                  options={[
                    { value: '', label: t('manual.wholeHousehold') },
                    ...rooms.map((item) => ({ value: item.RoomId, label: item.Name })),
                  ]}
                />
              </Space>
            )}
            {failure && <Alert type="error" showIcon message={failure} />}
            <ManualItemFields
              items={data.Items}
              values={values}
              editable={data.Editable}
              onChange={setValues}
            />
            {data.Editable && (
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {t('manual.save')}
              </Button>
            )}
          </Space>
        )}
      </Card>
      <Card title={t('manual.entries')}>
        <FiguresSummary figures={data.Figures} />
        <Table<ManualEntry>
          style={{ marginTop: 16 }}
          rowKey="PointIndex"
          size="small"
          columns={entryColumns}
          dataSource={data.Entries}
          pagination={{ pageSize: 20, showSizeChanger: false }}
        />
      </Card>
    </Space>
  );
}
