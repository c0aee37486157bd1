import type manual from './zh-CN.ts';

const manualEnUS: Record<keyof typeof manual, string> = {
  title: 'User manual',
  intro:
    'This manual explains every page of Measure Cloud: what it is for, which roles can use it, its fields and buttons, and the rules and messages you meet there.',
  contents: 'Contents',
  search: 'Search the manual',
  noMatch: 'No section contains this keyword',
  access: 'Roles that can use it',
  accessPublic: 'Anyone (before signing in)',
  accessFeature: '(when the company has this feature)',
  items: 'Fields and buttons',
  steps: 'Step by step',
  rules: 'Rules and messages',
  openPage: 'Open this page',
  labelSeparator: ': ',
  'chapter.basics': 'Getting started',
  'chapter.projects': 'Projects',
  'chapter.projectSetup': 'Project standards and templates',
  'chapter.library': 'Standard library and measure rules',
  'chapter.people': 'Users and organisations',
  'chapter.devices': 'Devices',
  'chapter.tasks': 'Tasks and data',
  'chapter.analysis': 'Analysis',
  'chapter.account': 'Your account',
  'chapter.console': 'Operator console',
};

export default manualEnUS;
