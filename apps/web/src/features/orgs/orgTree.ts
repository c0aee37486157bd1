import type { OrgTreeNode } from '@measure/contract';

/** A node of antd's Tree and TreeSelect: both read `key`/`value`, `title` and `children`. */
export interface OrgOption {
  key: string;
  value: string;
  title: string;
  /** Name and code, for the caller to render (highlighting the search, showing the user count). */
  org: OrgTreeNode;
  children?: OrgOption[];
}

/** The organisation tree as antd tree data (leaves have no `children`, so no expand arrow shows). */
export function toTreeData(nodes: readonly OrgTreeNode[]): OrgOption[] {
  return nodes.map((node) => ({
    key: node.OrgId,
    value: node.OrgId,
    title: node.Name,
    org: node,
    ...(node.Children.length ? { children: toTreeData(node.Children) } : {}),
  }));
}

const matches = (node: OrgTreeNode, keyword: string) =>
  node.Name.toLowerCase().includes(keyword) || node.Code.toLowerCase().includes(keyword);

/**
 * The part of the tree a search keeps: nodes whose name or code contains the keyword (case-insensitive),
 * with their ancestors (to keep the path) and their whole subtree. An empty keyword keeps everything.
 */
export function filterTree(nodes: readonly OrgTreeNode[], keyword: string): OrgTreeNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (matches(node, needle)) return [node];
    const children = filterTree(node.Children, needle);
    return children.length ? [{ ...node, Children: children }] : [];
  });
}

/** Every node id that has children: expanding them all shows a search result completely. */
export function parentIds(nodes: readonly OrgTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.Children.length ? [node.OrgId, ...parentIds(node.Children)] : []));
}

/** Finds a node by id anywhere in the tree. */
export function findOrg(
  nodes: readonly OrgTreeNode[],
  id: string | null | undefined,
): OrgTreeNode | undefined {
  if (!id) return undefined;
  for (const node of nodes) {
    if (node.OrgId === id) return node;
    const found = findOrg(node.Children, id);
    if (found) return found;
  }
  return undefined;
}

/** The ids of a node and all its descendants. */
export function subtreeIds(node: OrgTreeNode): string[] {
  return [node.OrgId, ...node.Children.flatMap(subtreeIds)];
}

/**
 * Where a node may move: the tree without the node itself and its descendants (the server refuses
 * a move under them). Omitting no node gives the whole tree.
 */
export function moveTargets(nodes: readonly OrgTreeNode[], moving: string | undefined): OrgTreeNode[] {
  if (!moving) return [...nodes];
  return nodes
    .filter((node) => node.OrgId !== moving)
    .map((node) => ({ ...node, Children: moveTargets(node.Children, moving) }));
}
