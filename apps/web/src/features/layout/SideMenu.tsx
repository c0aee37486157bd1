import {
  ShoppingCartOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  MessageOutlined,
  DatabaseOutlined,
  FundOutlined,
  RiseOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  PlayCircleOutlined,
  ScheduleOutlined,
  SendOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  BankOutlined,
  BookOutlined,
  CloudUploadOutlined,
  CloudServerOutlined,
  CodeSandboxOutlined,
  ControlOutlined,
  FileProtectOutlined,
  HddOutlined,
  HomeOutlined,
  LockOutlined,
  MobileOutlined,
  ProjectOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SelfInfo } from '@measure/contract';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';
import { MENU, menuKeyOf, visibleMenu } from './menu.ts';

/** Every menu entry has an icon: the collapsed menu shows icons only. */
const ICONS: Record<string, ReactNode> = {
  home: <DashboardOutlined />,
  mscProjectList: <BarChartOutlined />,
  mscPointCloudData: <CodeSandboxOutlined />,
  TaskExcuse: <PlayCircleOutlined />,
  taskManage: <SendOutlined />,
  taskCenter: <ScheduleOutlined />,
  externalWallTaskManage: <BankOutlined />,
  dataPool: <DatabaseOutlined />,
  mscQualityAnalysis: <FundOutlined />,
  mscProgressAnalysis: <RiseOutlined />,
  mscEfficacyAnalysis: <ThunderboltOutlined />,
  workOrder: <ToolOutlined />,
  projectList: <ProjectOutlined />,
  projectUser: <UsergroupAddOutlined />,
  floorPlan: <HomeOutlined />,
  standardManage: <FileProtectOutlined />,
  measureRuleManage: <ControlOutlined />,
  mscUser: <TeamOutlined />,
  orgManage: <ApartmentOutlined />,
  permissionList: <SafetyCertificateOutlined />,
  taskDataBackup: <CloudServerOutlined />,
  myDevices: <MobileOutlined />,
  SKU: <HddOutlined />,
  equipment: <RobotOutlined />,
  deviceUpdates: <CloudUploadOutlined />,
  aboug: <UserOutlined />,
  changePassword: <LockOutlined />,
  userManual: <BookOutlined />,
  messageList: <MessageOutlined />,
  demoProjectList: <ExperimentOutlined />,
  consoleCompanies: <BankOutlined />,
  consoleGates: <ControlOutlined />,
  consoleDevices: <HddOutlined />,
  consoleOrders: <ShoppingCartOutlined />,
};

export function SideMenu({ self }: { self: SelfInfo | undefined }) {
  const { t } = useTranslation(['common', 'auth', 'layout']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = visibleMenu(MENU, self);
  const selected = menuKeyOf(
    pathname.split('/')[2] ?? '',
    entries.map((entry) => entry.path),
  );
  return (
    <Menu
      mode="inline"
      // The sider draws the right border down the whole height; the menu's own stops with its items.
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={[selected]}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: ICONS[entry.path],
        label: t(entry.titleKey),
      }))}
      onClick={({ key }) => navigate(`/${SUBSYSTEM.cloud}/${key}`)}
    />
  );
}
