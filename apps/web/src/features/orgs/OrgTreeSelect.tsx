import type { OrgTreeNode } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { orgTreeQuery } from './orgQueries.ts';
import { toTreeData } from './orgTree.ts';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** A part of the tree to offer instead of the whole tree (move targets). */
  tree?: OrgTreeNode[];
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/** Picks one organisation of the company tree, searchable by name. */
export function OrgTreeSelect({ value, onChange, tree, allowClear = true, ...rest }: Props) {
  const query = useQuery({ ...orgTreeQuery, enabled: tree === undefined });
  const data = useMemo(() => toTreeData(tree ?? query.data ?? []), [tree, query.data]);
  return (
    <TreeSelect
      {...rest}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      treeData={data}
      treeDefaultExpandAll
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={query.isFetching}
      popupMatchSelectWidth={false}
    />
  );
}
