import type { ManualContent } from '../types.ts';
import account from './account.ts';
import messagesDemo from './messages-demo.ts';
import dataBackup from './data-backup.ts';
import operatorConsole from './console.ts';
import basics from './basics.ts';
import surfaceMode from './surface-mode.ts';
import devices from './devices.ts';
import tasks from './tasks.ts';
import scans from './scans.ts';
import externalWalls from './external-walls.ts';
import analysis from './analysis.ts';
import library from './library.ts';
import people from './people.ts';
import projectSetup from './project-setup.ts';
import projects from './projects.ts';

/** 用户手册（中文，参考语言）：每个章节一个条目，缺少章节时类型检查失败。 */
const manual: ManualContent = {
  ...basics,
  ...surfaceMode,
  ...projects,
  ...projectSetup,
  ...library,
  ...people,
  ...devices,
  ...tasks,
  ...scans,
  ...externalWalls,
  ...analysis,
  ...account,
  ...messagesDemo,
  ...dataBackup,
  ...operatorConsole,
};

export default manual;
