import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ManualEntry } from '@measure/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
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
import { GRADE_COLOR, previewGrades, type GradeName, type ManualItem } from './gradePreview.ts';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import './i18n.ts';

type Values = Record<string, (number | null)[]>;
const householdKey = (row: { BuildingNumber: string; Floor: number; Household: number | null }) =>
  `${row.BuildingNumber}|${row.Floor}|${row.Household}`;

/** Manual entry (`manualMeasure?taskId=`): readings typed in per household, room and item. */
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
  const [values, setValues] = useState<Values>({});
  const [saving, setSaving] = useState(false);

  if (view.isLoading) return <PageLoading />;
  const data = view.data;
  if (!data) return <Alert type="error" showIcon message={t('common:notFound.title')} />;
  const selected = data.Households.find((row) => householdKey(row) === household) ?? data.Households[0];
  const rooms = selected?.Rooms ?? [];

  const valuesOf = (item: ManualItem) =>
    values[item.ItemCode] ?? Array.from({ length: item.InitialReadings }, () => null);
  const setItemValues = (item: ManualItem, next: (number | null)[]) =>
    setValues((current) => ({ ...current, [item.ItemCode]: next }));

  /** Loads a saved site into the form, to correct it. */
  const edit = (entry: ManualEntry) => {
    setHousehold(householdKey(entry));
    setRoom(entry.RoomId ?? '');
    setValues(Object.fromEntries(entry.Readings.map((reading) => [reading.ItemCode, reading.Values])));
  };

  const save = async () => {
    if (!selected) return;
    const readings = data.Items.map((item) => ({
      ItemCode: item.ItemCode,
      Values: valuesOf(item).filter((value): value is number => typeof value === 'number'),
    })).filter((reading) => reading.Values.length > 0);
    if (readings.length === 0) {
      notify.warning(t('manual.nothing'));
      return;
    }
    setSaving(true);
    try {
      const entry = await callApi(routes.results.updates, {
        TaskId: taskId,
        BuildingNumber: selected.BuildingNumber,
        Floor: selected.Floor,
        Household: selected.Household,
        RoomId: room || null,
        Readings: readings,
      });
      notify.success(t('manual.saved', { rate: formatRate(entry.Figures.PassRate) }));
      await queryClient.invalidateQueries({ queryKey: ['results', 'manual', taskId] });
      await queryClient.invalidateQueries({ queryKey: ['tasks'] });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const gradeTags = (grades: readonly GradeName[]) =>
    grades.map((grade, index) => (
      <Tag key={index} color={GRADE_COLOR[grade]}>
        {t(`grade.${grade}`)}
      </Tag>
    ));

  const entryColumns: ColumnsType<ManualEntry> = [
    { title: t('manual.place'), key: 'place', width: 220, render: (_, entry) => places.site(entry) },
    {
      title: t('manual.readings'),
      key: 'readings',
      render: (_, entry) => (
        <Space direction="vertical" size={2}>
          {entry.Readings.map((reading) => (
            <span key={reading.ItemCode}>
              {`${reading.ItemCode}: ${reading.Values.join(', ')} `}
              {gradeTags(reading.Grades)}
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
        <Typography.Paragraph type="secondary">{t('manual.note')}</Typography.Paragraph>
        {!data.Editable && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('manual.readOnly')} />
        )}
        {data.Items.length === 0 ? (
          <Empty description={t('manual.noItems')} />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
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
            {data.Items.map((item) => {
              const itemValues = valuesOf(item);
              const typed = itemValues.filter((value): value is number => typeof value === 'number');
              return (
                <div key={item.ItemCode} data-testid={`item-${item.ItemCode}`}>
                  <Typography.Text strong>{`${item.ItemCode} ${item.Name}`}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {t('manual.standard', { left: item.Standard.Left, right: item.Standard.Right })}
                    {item.NeedsDesign ? ` · ${t('manual.needsDesign')}` : ''}
                  </Typography.Text>
                  <div style={{ marginTop: 6 }}>
                    <Space wrap>
                      {itemValues.map((value, index) => (
                        <Space.Compact key={index}>
                          <InputNumber
                            aria-label={`${item.ItemCode} ${index + 1}`}
                            value={value}
                            min={-20_000}
                            max={20_000}
                            disabled={!data.Editable}
                            onChange={(next) =>
                              setItemValues(
                                item,
                                itemValues.map((old, position) => (position === index ? next : old)),
                              )
                            }
                          />
                          {itemValues.length > 1 && data.Editable && (
                            <Tooltip title={t('manual.removeValue')}>
                              <Button
                                icon={<MinusCircleOutlined />}
                                aria-label={t('manual.removeValue')}
                                onClick={() =>
                                  setItemValues(
                                    item,
                                    itemValues.filter((_, position) => position !== index),
                                  )
                                }
                              />
                            </Tooltip>
                          )}
                        </Space.Compact>
                      ))}
                      {data.Editable && itemValues.length < item.MaxReadings && (
                        <Button
                          icon={<PlusOutlined />}
                          onClick={() => setItemValues(item, [...itemValues, null])}
                        >
                          {t('manual.addValue')}
                        </Button>
                      )}
                      {gradeTags(previewGrades(item, typed))}
                    </Space>
                  </div>
                </div>
              );
            })}
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
