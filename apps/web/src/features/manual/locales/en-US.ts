import type manual from './zh-CN.ts';

const manualEnUS: Record<keyof typeof manual, string> = {
  title: 'User manual',
  intro: 'This manual explains signing in, the project list, the personal centre and password management.',
  contents: 'Contents',
};

export default manualEnUS;
