import type { Role } from '@measure/contract';

/** The demo companies of design.md: fixed logins, phone numbers and passwords. */
export interface DemoUser {
  email: string;
  phone: string;
  password: string;
  name: string;
  position: string;
  org: string;
  role: Role;
  gender: 0 | 1 | 2;
}

export interface DemoProject {
  name: string;
  address: string;
  province: string;
  city: string;
  district: string;
  projectManager: string;
  regionalCompany: string;
  buildings: Array<{ number: string; stories: number; households: number; delivery: 'fine' | 'none' }>;
  /** Logins of the staff assigned to the project. */
  staff: string[];
}

export interface DemoCompany {
  code: string;
  nameZh: string;
  nameEn: string;
  /** Organisation tree: code, name, parent code. */
  orgs: Array<{ code: string; name: string; parent?: string }>;
  users: DemoUser[];
  projects: DemoProject[];
  /** Feature gates (companies' Enabled* flags) turned off; every other gate is on. */
  featuresOff?: ('modeling' | 'externalWall')[];
  /** The platform's hidden demo area dataset (demo-area.ts), not a customer company. */
  demoArea?: boolean;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    code: 'demo',
    nameZh: '演示建设集团',
    nameEn: 'Demo Construction Group',
    orgs: [
      { code: 'HQ', name: '演示建设集团' },
      { code: 'MEASURE', name: '测量中心', parent: 'HQ' },
      { code: 'ENG', name: '工程管理部', parent: 'HQ' },
      { code: 'ENG-EAST', name: '华东项目部', parent: 'ENG' },
    ],
    users: [
      {
        email: 'admin@example.com',
        phone: '13800000001',
        password: 'Admin@123456',
        name: '王管理',
        position: '系统管理员',
        org: 'HQ',
        role: 'CompanyAdmin',
        gender: 1,
      },
      {
        email: 'measure@example.com',
        phone: '13800000002',
        password: 'Measure@12345',
        name: '李测量',
        position: '测量主管',
        org: 'MEASURE',
        role: 'MeasureAdmin',
        gender: 2,
      },
      {
        email: 'pm@example.com',
        phone: '13800000003',
        password: 'Project@12345',
        name: '张项目',
        position: '项目经理',
        org: 'ENG-EAST',
        role: 'ProjectAdmin',
        gender: 1,
      },
      {
        email: 'surveyor@example.com',
        phone: '13800000004',
        password: 'Survey@123456',
        name: '赵实测',
        position: '实测员',
        org: 'ENG-EAST',
        role: 'Surveyor',
        gender: 1,
      },
    ],
    projects: [
      {
        name: '滨江花园一期',
        address: '滨江大道 88 号',
        province: '浙江省',
        city: '杭州市',
        district: '滨江区',
        projectManager: '张项目',
        regionalCompany: '华东区域公司',
        buildings: [
          { number: '1#', stories: 18, households: 4, delivery: 'fine' },
          { number: '2#', stories: 18, households: 4, delivery: 'fine' },
          { number: '3#', stories: 11, households: 2, delivery: 'none' },
        ],
        staff: ['pm@example.com', 'surveyor@example.com'],
      },
      {
        name: '云栖科创中心',
        address: '云栖小镇 6 号',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        projectManager: '李测量',
        regionalCompany: '华东区域公司',
        buildings: [
          { number: 'A 座', stories: 24, households: 6, delivery: 'none' },
          { number: 'B 座', stories: 24, households: 6, delivery: 'none' },
        ],
        staff: [],
      },
    ],
  },
  {
    code: 'other',
    nameZh: '另一家建设公司',
    nameEn: 'Other Construction Co.',
    // The company without modelling and external walls (issue 32): the gated pages and calls are off.
    featuresOff: ['modeling', 'externalWall'],
    orgs: [{ code: 'HQ', name: '另一家建设公司' }],
    users: [
      {
        email: 'admin@other.example.com',
        phone: '13900000001',
        password: 'Admin@123456',
        name: '陈管理',
        position: '系统管理员',
        org: 'HQ',
        role: 'CompanyAdmin',
        gender: 0,
      },
    ],
    projects: [
      {
        name: '东湖公寓',
        address: '东湖路 1 号',
        province: '湖北省',
        city: '武汉市',
        district: '武昌区',
        projectManager: '陈管理',
        regionalCompany: '华中区域公司',
        buildings: [{ number: '1#', stories: 6, households: 2, delivery: 'none' }],
        staff: [],
      },
    ],
  },
];

/** One unread version notice for everyone (the login flow shows it once). */
export const DEMO_NOTIFICATION = {
  titleZh: '测量云 2.6 版本更新',
  titleEn: 'Measure Cloud 2.6 update',
  tipsZh: '新版本已上线，以下是本次更新内容。',
  tipsEn: 'A new version is live. Here is what changed.',
  contentZh:
    '1. 登录与个人中心全新改版，支持中英文切换；\n2. 数据报告首页支持按项目名称搜索；\n3. 账号安全：连续输错密码将被暂时锁定，修改密码后其他设备自动下线。',
  contentEn:
    '1. Sign-in and personal centre redesigned, in Chinese and English;\n2. The data reports page searches projects by name;\n3. Account safety: repeated wrong passwords lock the account for a while, and changing the password signs out other devices.',
};
