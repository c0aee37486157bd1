import type { PermissionRow } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { filterPermissions } from './permissionFilter.ts';

const rows: PermissionRow[] = [
  { Name: '新建用户', IdMark: 'user.create', Description: '新建公司用户', Roles: ['CompanyAdmin'] },
  { Name: 'Unbind devices', IdMark: 'device.unbind', Description: 'Remove the assigned user', Roles: [] },
];

describe('permission search', () => {
  it('matches name, ID mark or description, ignoring case', () => {
    expect(filterPermissions(rows, '用户').map((row) => row.IdMark)).toEqual(['user.create']);
    expect(filterPermissions(rows, 'DEVICE.').map((row) => row.IdMark)).toEqual(['device.unbind']);
    expect(filterPermissions(rows, 'assigned').map((row) => row.IdMark)).toEqual(['device.unbind']);
    expect(filterPermissions(rows, ' ')).toHaveLength(2);
  });
});
