import type { Permission, Role } from '@measure/contract';

/** Who is calling: resolved from the session token on every authenticated request. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  companyId: string;
  roles: Role[];
  permissions: ReadonlySet<Permission>;
  projectScope: 'company' | 'assigned';
}
