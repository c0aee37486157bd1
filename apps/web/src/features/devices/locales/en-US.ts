import type devices from './zh-CN.ts';

const devicesEnUS: Record<keyof typeof devices, string> = {
  title: 'Device management',
};

export default devicesEnUS;
