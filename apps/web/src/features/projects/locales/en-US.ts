import type projects from './zh-CN.ts';

const projectsEnUS: Record<keyof typeof projects, string> = {
  title: 'Projects',
  searchPlaceholder: 'Search by project name',
  'column.name': 'Project name',
  'column.address': 'Address',
  'column.buildingCount': 'Buildings',
  'column.state': 'Published state',
  'column.updateTime': 'Updated',
  'state.published': 'Published',
  'state.unpublished': 'Unpublished',
  total: '{{total}} projects',
};

export default projectsEnUS;
