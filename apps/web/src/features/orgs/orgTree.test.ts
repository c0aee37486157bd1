import type { OrgTreeNode } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { filterTree, findOrg, moveTargets, parentIds, subtreeIds, toTreeData } from './orgTree.ts';

const org = (OrgId: string, Name: string, Children: OrgTreeNode[] = [], Code = OrgId.toUpperCase()) => ({
  OrgId,
  Name,
  Code,
  ParentId: null,
  UserCount: 0,
  Children,
});

const tree: OrgTreeNode[] = [
  org('hq', '演示建设集团', [
    org('measure', '测量中心'),
    org('eng', '工程管理部', [org('east', '华东项目部'), org('west', '华西项目部')]),
  ]),
  org('other', 'Other Group'),
];

const ids = (nodes: readonly { OrgId: string; Children: OrgTreeNode[] }[]): unknown[] =>
  nodes.map((node) => (node.Children.length ? [node.OrgId, ids(node.Children)] : node.OrgId));

describe('organisation tree', () => {
  it('becomes antd tree data with key, value and title, leaves without children', () => {
    const data = toTreeData(tree);
    expect(data[0]).toMatchObject({ key: 'hq', value: 'hq', title: '演示建设集团' });
    expect(data[0]?.children?.map((node) => node.key)).toEqual(['measure', 'eng']);
    expect(data[0]?.children?.[0]).not.toHaveProperty('children');
    expect(data[0]?.children?.[1]?.children?.map((node) => node.title)).toEqual(['华东项目部', '华西项目部']);
  });

  it('filters by name or code, keeping ancestors and the subtree of a match', () => {
    expect(ids(filterTree(tree, '华东'))).toEqual([['hq', [['eng', ['east']]]]]);
    expect(ids(filterTree(tree, '工程'))).toEqual([['hq', [['eng', ['east', 'west']]]]]);
    expect(ids(filterTree(tree, 'other'))).toEqual(['other']);
    expect(ids(filterTree(tree, 'MEAS'))).toEqual([['hq', ['measure']]]);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    expect(filterTree(tree, '  ')).toEqual(tree);
  });

  it('lists the nodes with children, finds nodes and their subtrees', () => {
    expect(parentIds(tree)).toEqual(['hq', 'eng']);
    expect(findOrg(tree, 'west')?.Name).toBe('华西项目部');
    expect(findOrg(tree, 'none')).toBeUndefined();
    expect(findOrg(tree, null)).toBeUndefined();
    const eng = findOrg(tree, 'eng');
    expect(eng && subtreeIds(eng)).toEqual(['eng', 'east', 'west']);
  });

  it('offers as move targets everything but the node itself and its descendants', () => {
    expect(ids(moveTargets(tree, 'eng'))).toEqual([['hq', ['measure']], 'other']);
    expect(ids(moveTargets(tree, 'east'))).toEqual([['hq', ['measure', ['eng', ['west']]]], 'other']);
    expect(moveTargets(tree, undefined)).toEqual(tree);
  });
});
