import type demoArea from './zh-CN.ts';

const demoAreaEnUS: Record<keyof typeof demoArea, string> = {
  notice: "Demo data: the platform's example project, apart from your company's data; read-only.",
  'projects.title': 'Demo projects',
  'projects.name': 'Project name',
  'projects.address': 'Address',
  'projects.buildings': 'Buildings',
  'projects.tasks': 'Tasks',
  'tasks.title': 'Demo tasks',
  'tasks.name': 'Task name',
  'tasks.details': 'Details',
  'detail.sites': 'Sites',
  'detail.items': 'Measure items',
  'detail.scans': 'Scans',
  'detail.externalWalls': 'External walls',
  'detail.scanKind.pointcloud': 'Point cloud',
  'detail.scanKind.model': 'Model',
  'detail.scanName': 'Name',
  'detail.scanKind': 'Kind',
  'detail.scanState': 'State',
  'detail.readings': 'Readings',
  'detail.site': 'Site detail',
  back: 'Back',
};

export default demoAreaEnUS;
