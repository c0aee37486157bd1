import type { PermissionRow } from '@measure/contract';

/** Permissions whose name, ID mark or description contains the keyword (case-insensitive). */
export function filterPermissions(rows: readonly PermissionRow[], keyword: string): PermissionRow[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.Name, row.IdMark, row.Description].some((text) => text.toLowerCase().includes(needle)),
  );
}
