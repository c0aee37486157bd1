import type { OrgRow, OrgTreeNode, RouteBody, UserRow, orgsRoutes } from '@measure/contract';
import { conflict, fieldError, notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { UserAdminRepository } from '../user-admin/user-admin-repository.ts';
import { toUserRow } from '../user-admin/user-admin-service.ts';
import { OrgRepository, type OrgRecord } from './org-repository.ts';

export type SaveOrgBody = RouteBody<typeof orgsRoutes.create>;

const toOrgRow = (record: OrgRecord): OrgRow => ({
  OrgId: record.id,
  Name: record.name,
  Code: record.code,
  ParentId: record.parentId,
  UserCount: record.userCount,
});

/** Builds the tree from a flat list (kept in the list's order); orphans cannot occur (FK). */
export function buildTree(records: readonly OrgRecord[]): OrgTreeNode[] {
  const nodes = new Map<string, OrgTreeNode>();
  for (const record of records) nodes.set(record.id, { ...toOrgRow(record), Children: [] });
  const roots: OrgTreeNode[] = [];
  for (const record of records) {
    const node = nodes.get(record.id) as OrgTreeNode;
    const parent = record.parentId ? nodes.get(record.parentId) : undefined;
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The organisation tree of a company and its members. Another company's ids answer 404. */
export class OrgService {
  private readonly repository: OrgRepository;

  constructor(private readonly deps: { db: Database; audit: AuditRepository }) {
    this.repository = new OrgRepository(deps.db);
  }

  async tree(auth: AuthContext): Promise<OrgTreeNode[]> {
    return buildTree(await this.repository.all(auth.companyId));
  }

  async subOrgs(auth: AuthContext, orgId: string): Promise<OrgRow[]> {
    await this.mustExist(auth.companyId, orgId);
    return (await this.repository.children(auth.companyId, orgId)).map(toOrgRow);
  }

  async subUsers(auth: AuthContext, orgId: string): Promise<UserRow[]> {
    await this.mustExist(auth.companyId, orgId);
    return (await new UserAdminRepository(this.deps.db).inOrg(auth.companyId, orgId)).map(toUserRow);
  }

  /** Create, or with an id rename/move. Names are unique among siblings (case-insensitive). */
  async save(auth: AuthContext, body: SaveOrgBody): Promise<OrgRow> {
    const orgId = body.OrgId ?? body.Id ?? undefined;
    const parentId = body.ParentId ?? null;
    let savedId = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const repository = new OrgRepository(tx);
        await new UserAdminRepository(tx).lockCompany(auth.companyId);
        if (orgId !== undefined && !(await repository.find(auth.companyId, orgId))) throw notFound();
        if (parentId !== null) {
          if (!(await repository.find(auth.companyId, parentId))) {
            throw fieldError('ParentId', 'orgs.unknownParent');
          }
          // The new parent may not be the organisation itself or one of its descendants.
          if (
            orgId !== undefined &&
            (await repository.ancestorsOf(auth.companyId, parentId)).includes(orgId)
          ) {
            throw fieldError('ParentId', 'orgs.moveIntoSelf');
          }
        }
        if (await repository.siblingNameTaken(auth.companyId, parentId, body.Name, orgId)) {
          throw conflict('Name', 'orgs.nameTaken');
        }
        if (orgId === undefined) {
          const code = await repository.nextCode(auth.companyId);
          savedId = await repository.insert({ companyId: auth.companyId, parentId, name: body.Name, code });
        } else {
          await repository.update(auth.companyId, orgId, { parentId, name: body.Name });
          savedId = orgId;
        }
      });
    } catch (error) {
      // The company lock makes this unlikely; a code clash must still not become a 500.
      if (uniqueViolation(error) === 'orgs_company_code_uq') throw conflict('Name', 'errors.conflict');
      throw error;
    }
    await this.deps.audit.record({
      event: 'org.saved',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { org: savedId, created: orgId === undefined },
    });
    return toOrgRow((await this.repository.find(auth.companyId, savedId)) as OrgRecord);
  }

  /** Refused (409) while the organisation has sub-organisations or users. */
  async delete(auth: AuthContext, orgId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repository = new OrgRepository(tx);
      await new UserAdminRepository(tx).lockCompany(auth.companyId);
      const org = await repository.find(auth.companyId, orgId);
      if (!org) throw notFound();
      if (await repository.hasChildren(auth.companyId, orgId)) throw conflict('OrgId', 'orgs.hasChildren');
      if (org.userCount > 0) throw conflict('OrgId', 'orgs.hasUsers');
      await repository.delete(auth.companyId, orgId);
    });
    await this.deps.audit.record({
      event: 'org.deleted',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { org: orgId },
    });
  }

  /** Moves users into the organisation; all ids must be users of the company (else 404, nothing changes). */
  async addUsers(auth: AuthContext, orgId: string, userIds: readonly string[]): Promise<void> {
    await this.changeMembers(auth, orgId, userIds, 'add');
  }

  /** Takes users out of the organisation; users not in it are left as they are. */
  async removeUsers(auth: AuthContext, orgId: string, userIds: readonly string[]): Promise<void> {
    await this.changeMembers(auth, orgId, userIds, 'remove');
  }

  private async changeMembers(
    auth: AuthContext,
    orgId: string,
    userIds: readonly string[],
    change: 'add' | 'remove',
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repository = new OrgRepository(tx);
      if (!(await repository.find(auth.companyId, orgId))) throw notFound();
      const found = await new UserAdminRepository(tx).existingIds(auth.companyId, userIds);
      if (found.size !== new Set(userIds).size) throw notFound();
      if (change === 'add') await repository.setUsersOrg(auth.companyId, userIds, orgId);
      else await repository.removeUsersFromOrg(auth.companyId, userIds, orgId);
    });
    await this.deps.audit.record({
      event: 'org.membersChanged',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { org: orgId, change, users: [...userIds] },
    });
  }

  private async mustExist(companyId: string, orgId: string): Promise<void> {
    if (!(await this.repository.find(companyId, orgId))) throw notFound();
  }
}
