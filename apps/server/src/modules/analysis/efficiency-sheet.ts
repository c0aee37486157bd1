import type { EfficiencyDay, EfficiencyRow, EfficiencySubject, Language } from '@measure/contract';
import { buildSheet, type SheetColumn } from '../../core/sheet-columns.ts';

type Measures = Omit<EfficiencyDay, 'Day'>;
const measureColumns = <T extends Measures>(): SheetColumn<T>[] => [
  { zh: '任务数', en: 'Tasks', width: 8, cell: (row) => row.Tasks },
  { zh: '测区', en: 'Sites', width: 8, cell: (row) => row.Sites },
  { zh: '读数', en: 'Readings', width: 10, cell: (row) => row.Readings },
  { zh: '测量面积（㎡）', en: 'Area (m²)', width: 12, cell: (row) => row.AreaM2 },
  { zh: '工作时长（小时）', en: 'Working hours', width: 12, cell: (row) => row.WorkingHours },
  { zh: '每小时面积（㎡）', en: 'm² per hour', width: 12, cell: (row) => row.AreaPerHour },
  { zh: '每小时读数', en: 'Readings per hour', width: 12, cell: (row) => row.ReadingsPerHour },
  { zh: '工作天数', en: 'Days worked', width: 10, cell: (row) => row.DaysWorked },
];

const SUBJECT = {
  user: { zh: '人员', en: 'Person' },
  device: { zh: '设备', en: 'Device' },
  project: { zh: '项目', en: 'Project' },
} as const;

const NO_DEVICE = { zh: '（无设备）', en: '(no device)' };

/** Efficiency per person, device or project as one sheet (devices with their utilisation). */
export function buildEfficiencySheet(
  rows: readonly EfficiencyRow[],
  subject: EfficiencySubject,
  language: Language,
) {
  const columns: SheetColumn<EfficiencyRow>[] = [
    {
      ...SUBJECT[subject],
      width: 20,
      // The device row with an empty Id holds the tasks without a device.
      cell: (row, lang) => (row.Id === '' ? NO_DEVICE[lang === 'zh-CN' ? 'zh' : 'en'] : row.Name),
    },
    ...measureColumns<EfficiencyRow>(),
    ...(subject === 'device'
      ? [
          {
            zh: '利用率（%）',
            en: 'Utilisation (%)',
            width: 12,
            cell: (row: EfficiencyRow) => row.Utilisation,
          },
        ]
      : []),
  ];
  return buildSheet(rows, columns, language, {
    zh: `${SUBJECT[subject].zh}效率`,
    en: `${SUBJECT[subject].en} efficiency`,
  });
}

/** Efficiency per day as one sheet. */
export const buildEfficiencyDaysSheet = (rows: readonly EfficiencyDay[], language: Language) =>
  buildSheet(
    rows,
    [
      { zh: '日期', en: 'Day', width: 12, cell: (row: EfficiencyDay) => row.Day },
      ...measureColumns<EfficiencyDay>(),
    ],
    language,
    { zh: '每日效率', en: 'Efficiency per day' },
  );
