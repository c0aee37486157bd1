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

/**
 * The platform operator (operator console): no company, no roles, no company permission, so it can
 * never stand where an AuthContext is expected (company-scoped routes answer 403 for it).
 */
export interface OperatorContext {
  kind: 'operator';
  sessionId: string;
  operatorId: string;
}

/** What a session token resolves to. */
export type SessionCaller = AuthContext | OperatorContext;

export const isOperator = (caller: SessionCaller): caller is OperatorContext =>
  'kind' in caller && caller.kind === 'operator';
