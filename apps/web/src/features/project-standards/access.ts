/** Why a page is read-only: the user lacks the write permission, or the project is published (locked). */
export type ReadOnlyReason = 'permission' | 'published' | null;

export function readOnlyReason(mayWrite: boolean, published: boolean): ReadOnlyReason {
  if (!mayWrite) return 'permission';
  return published ? 'published' : null;
}
