import type { Language, ScanItem } from '@measure/contract';
import { bilingualCell, buildSheet, type SheetColumn, timeColumn } from '../../core/sheet-columns.ts';

const KINDS = { pointcloud: { zh: '点云', en: 'Point cloud' }, model: { zh: '模型', en: 'Model' } };
const STATUSES = {
  queued: { zh: '排队中', en: 'Queued' },
  processing: { zh: '处理中', en: 'Processing' },
  ready: { zh: '就绪', en: 'Ready' },
  failed: { zh: '失败', en: 'Failed' },
};

const COLUMNS: SheetColumn<ScanItem>[] = [
  { zh: '名称', en: 'Name', width: 24, cell: (row) => row.Name },
  { zh: '类型', en: 'Kind', width: 10, cell: (row, language) => bilingualCell(KINDS[row.Kind], language) },
  { zh: '格式', en: 'Format', width: 8, cell: (row) => row.Format?.toUpperCase() },
  { zh: '项目', en: 'Project', width: 20, cell: (row) => row.ProjectName },
  { zh: '任务', en: 'Task', width: 24, cell: (row) => row.TaskName },
  { zh: '楼栋', en: 'Building', width: 8, cell: (row) => row.BuildingNumber },
  { zh: '楼层', en: 'Floor', width: 6, cell: (row) => row.Floor },
  { zh: '户', en: 'Household', width: 6, cell: (row) => row.Household },
  { zh: '立面', en: 'Side', width: 6, cell: (row) => row.Side },
  { zh: '测点', en: 'Site', width: 6, cell: (row) => row.PointIndex },
  { zh: '点数', en: 'Points', width: 12, cell: (row) => row.Points },
  { zh: '大小（字节）', en: 'Size (bytes)', width: 14, cell: (row) => row.Size },
  {
    zh: '状态',
    en: 'Status',
    width: 10,
    cell: (row, language) => bilingualCell(STATUSES[row.Status], language),
  },
  { zh: '原因', en: 'Reason', width: 30, cell: (row) => row.Error },
  timeColumn('上传时间', 'Uploaded', (row) => row.CreatedAt),
];

/** The scan list (mscPointCloudData) as one sheet in the request language. */
export const buildScanListSheet = (rows: readonly ScanItem[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '点云数据', en: 'Point clouds' });
