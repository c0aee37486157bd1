import type { DeviceRow, Language } from '@measure/contract';
import { buildSheet, type SheetColumn, yesNoCell } from '../../core/sheet-columns.ts';

/** The export's columns: header in both languages and the cell of a row. */
const COLUMNS: SheetColumn<DeviceRow>[] = [
  { zh: '设备编号', en: 'Device number', width: 18, cell: (row) => row.DeviceNumber },
  {
    zh: '设备类型',
    en: 'Device type',
    width: 10,
    cell: (row, language) =>
      row.DeviceType === 'robot'
        ? language === 'zh-CN'
          ? '机器人'
          : 'Robot'
        : language === 'zh-CN'
          ? '扫描仪'
          : 'Scanner',
  },
  { zh: '产品序列号', en: 'Product serial number', width: 18, cell: (row) => row.ProductSerialNumber },
  { zh: '机器型号', en: 'Machine model', width: 14, cell: (row) => row.MachineModel },
  { zh: 'MAC 地址', en: 'MAC address', width: 18, cell: (row) => row.MacAddress },
  { zh: '客户单位', en: 'Customer unit', width: 20, cell: (row) => row.CustomerCompanyName },
  { zh: '联系人', en: 'Contact', width: 12, cell: (row) => row.CustomerContact },
  { zh: '联系电话', en: 'Contact phone', width: 14, cell: (row) => row.CustomerPhoneNumber },
  { zh: '生产日期', en: 'Manufacture date', width: 12, cell: (row) => row.DeviceDateOfProduction },
  { zh: '整机质保（年）', en: 'Machine warranty (years)', width: 10, cell: (row) => row.DeviceExpire },
  { zh: '整机质保到期', en: 'Machine warranty ends', width: 12, cell: (row) => row.DeviceExpireDate },
  { zh: '软件版本', en: 'Software version', width: 12, cell: (row) => row.DeviceSoftwareVersion },
  { zh: '扫描仪编号', en: 'Scanner number', width: 16, cell: (row) => row.ScannerNumber },
  { zh: '扫描仪类型', en: 'Scanner type', width: 10, cell: (row) => row.ScannerType },
  {
    zh: '扫描仪生产日期',
    en: 'Scanner manufacture date',
    width: 12,
    cell: (row) => row.ScannerDateOfProduction,
  },
  { zh: '扫描仪质保（年）', en: 'Scanner warranty (years)', width: 10, cell: (row) => row.ScannerExpire },
  { zh: '扫描仪质保到期', en: 'Scanner warranty ends', width: 12, cell: (row) => row.ScannerExpireDate },
  { zh: '扫描仪固件版本', en: 'Scanner firmware', width: 12, cell: (row) => row.ScannerFirmwareVersion },
  { zh: '电脑编号', en: 'Computer number', width: 16, cell: (row) => row.ComputerNumber },
  { zh: '电脑类型', en: 'Computer type', width: 12, cell: (row) => row.ComputerType },
  {
    zh: '电脑生产日期',
    en: 'Computer manufacture date',
    width: 12,
    cell: (row) => row.ComputerDateOfProduction,
  },
  { zh: '电脑质保（年）', en: 'Computer warranty (years)', width: 10, cell: (row) => row.ComputerExpire },
  { zh: '电脑质保到期', en: 'Computer warranty ends', width: 12, cell: (row) => row.ComputerExpireDate },
  { zh: '电脑系统版本', en: 'Computer system version', width: 12, cell: (row) => row.ComputerSystemVersion },
  { zh: '三脚架类型', en: 'Tripod type', width: 12, cell: (row) => row.TripodType },
  { zh: '三脚架质保（年）', en: 'Tripod warranty (years)', width: 10, cell: (row) => row.TripodExpire },
  { zh: '三脚架质保到期', en: 'Tripod warranty ends', width: 12, cell: (row) => row.TripodExpireDate },
  { zh: '加密狗编号', en: 'Dongle number', width: 14, cell: (row) => row.EncryptedDogNumber },
  { zh: '加密狗类型', en: 'Dongle type', width: 12, cell: (row) => row.EncryptedDogType },
  { zh: '已激活', en: 'Activated', width: 8, cell: (row, language) => yesNoCell(language, row.IsActive) },
  { zh: '激活日期', en: 'Activation date', width: 12, cell: (row) => row.ActiveDate?.slice(0, 10) ?? null },
  { zh: '已分配', en: 'Allocated', width: 8, cell: (row, language) => yesNoCell(language, row.Allocated) },
  { zh: '使用人', en: 'Assigned user', width: 12, cell: (row) => row.DeviceUserName },
];

/** The device list as one .xlsx sheet in the request language. */
export const buildDeviceSheet = (rows: readonly DeviceRow[], language: Language) =>
  buildSheet(rows, COLUMNS, language, { zh: '设备', en: 'Devices' });

/** The column headers (tests read the sheet back by them). */
export const DEVICE_SHEET_HEADERS = COLUMNS.map((column) => ({ zh: column.zh, en: column.en }));
