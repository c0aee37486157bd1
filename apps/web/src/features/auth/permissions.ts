import type { Permission, SelfInfo } from '@measure/contract';
import { useSelf } from './self.ts';

/** True when the user holds the permission (the first role decides, computed by the server). */
export function holds(self: Pick<SelfInfo, 'Permissions'> | undefined, permission: Permission): boolean {
  return self?.Permissions.includes(permission) ?? false;
}

/** A checker for the signed-in user's permissions; false until the user info has arrived. */
export function useCan(): (permission: Permission) => boolean {
  const self = useSelf();
  return (permission) => holds(self.data, permission);
}
