import {
  ErrorCode,
  formatMessage,
  isMessageKey,
  ROLE_LABELS,
  ROLES,
  rules,
  USER_IMPORT_LIMITS,
  type ImportPreview,
  type Language,
  type MessageParams,
  type Role,
} from '@measure/contract';
import type { z } from 'zod';
import { AppError, notFound, type FieldProblem } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { OrgRepository } from '../orgs/org-repository.ts';
import { rethrowDuplicateLogin } from './login-conflicts.ts';
import { UserAdminRepository, type NewUser } from './user-admin-repository.ts';
import { DEFAULT_ROLES, mayGrant } from './user-admin-service.ts';
import { UserImportRepository } from './user-import-repository.ts';
import { readSheet, type ImportColumn, type SheetRow } from './user-import-sheet.ts';

/** A valid row, ready to insert (everything but the company, password and flags). */
interface ParsedUser {
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  department: string | null;
  gender: number;
  orgId: string | null;
  roles: Role[];
}

interface CheckedRow {
  row: number;
  problems: Array<FieldProblem & { field: ImportColumn }>;
  user?: ParsedUser;
}

const GENDERS = new Map<string, number>([
  ['', 0],
  ['0', 0],
  ['1', 1],
  ['2', 2],
  ['未知', 0],
  ['男', 1],
  ['女', 2],
  ['unknown', 0],
  ['male', 1],
  ['female', 2],
  ['m', 1],
  ['f', 2],
]);

/** Role keys and their labels in both languages (lower-case) → role. Label-only roles are not assignable. */
const ROLE_NAMES = new Map<string, Role>(
  ROLES.flatMap((role) => [
    [role.toLowerCase(), role],
    [ROLE_LABELS[role]['zh-CN'].toLowerCase(), role],
    [ROLE_LABELS[role]['en-US'].toLowerCase(), role],
  ]),
);

const optionalPhone = rules.phone.optional();

/** Runs one shared form rule; a failure becomes a problem with the rule's message key. */
function check<T>(
  problems: CheckedRow['problems'],
  field: ImportColumn,
  schema: z.ZodType<T>,
  value: unknown,
): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as
    (z.core.$ZodIssue & { maximum?: unknown; minimum?: unknown }) | undefined;
  const params: MessageParams = {};
  if (issue?.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue?.minimum !== undefined) params.min = Number(issue.minimum);
  const key = issue && isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
  problems.push({ field, key, params });
  return undefined;
}

interface ValidationContext {
  orgsByCode: Map<string, string>;
  takenEmails: Map<string, string>;
  takenPhones: Map<string, string>;
  mayGrantAdmin: boolean;
}

/**
 * Validates every row with the shared rules, then duplicates inside the file (a later row names
 * the first one) and against existing users of any company (set-based lookups done by the caller).
 */
function validateRows(rows: readonly SheetRow[], context: ValidationContext): CheckedRow[] {
  const firstEmail = new Map<string, number>();
  const firstPhone = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const problems: CheckedRow['problems'] = [];
    const name = check(problems, 'Name', rules.personName, cells.Name);
    const email = check(problems, 'Email', rules.email, cells.Email);
    const phone = cells.Phone === '' ? undefined : check(problems, 'Phone', optionalPhone, cells.Phone);
    const position = check(problems, 'Position', rules.optionalText(rules.USER_FIELD_MAX), cells.Position);
    const department = check(
      problems,
      'Department',
      rules.optionalText(rules.USER_FIELD_MAX),
      cells.Department,
    );

    const gender = GENDERS.get(cells.Gender.toLowerCase());
    if (gender === undefined) problems.push({ field: 'Gender', key: 'import.invalidGender' });

    let orgId: string | null = null;
    if (cells.OrgCode !== '') {
      orgId = context.orgsByCode.get(cells.OrgCode.toLowerCase()) ?? null;
      if (orgId === null) problems.push({ field: 'OrgCode', key: 'import.unknownOrgCode' });
    }

    const roleNames = cells.Role.split(/[,，;；/、]/)
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean);
    const roles = [...new Set(roleNames.map((part) => ROLE_NAMES.get(part)))];
    if (roles.includes(undefined)) problems.push({ field: 'Role', key: 'users.unknownRole' });
    const known = (roles.length > 0 ? roles : DEFAULT_ROLES).filter(
      (role): role is Role => role !== undefined,
    );
    if (known.includes('CompanyAdmin') && !context.mayGrantAdmin) {
      problems.push({ field: 'Role', key: 'users.grantAdminForbidden' });
    }

    if (email !== undefined) {
      const first = firstEmail.get(email);
      if (first !== undefined)
        problems.push({ field: 'Email', key: 'import.duplicateInFile', params: { row: first } });
      else if (context.takenEmails.has(email)) problems.push({ field: 'Email', key: 'users.emailTaken' });
      if (first === undefined) firstEmail.set(email, row);
    }
    if (phone !== undefined) {
      const first = firstPhone.get(phone);
      if (first !== undefined)
        problems.push({ field: 'Phone', key: 'import.duplicateInFile', params: { row: first } });
      else if (context.takenPhones.has(phone)) problems.push({ field: 'Phone', key: 'users.phoneTaken' });
      if (first === undefined) firstPhone.set(phone, row);
    }

    if (problems.length > 0 || name === undefined || email === undefined) return { row, problems };
    return {
      row,
      problems,
      user: {
        name,
        email,
        phone: phone ?? null,
        position: position ?? null,
        department: department ?? null,
        gender: gender ?? 0,
        orgId,
        roles: known,
      },
    };
  });
}

/**
 * Import users from Excel: preview (parse, validate, keep the rows for an hour) and commit
 * (re-validate and insert every user in one transaction, or none). The initial password is hashed
 * once for the whole import: scrypt at production cost takes ~0.35 s per hash.
 */
export class UserImportService {
  constructor(
    private readonly deps: {
      db: Database;
      hasher: PasswordHasher;
      audit: AuditRepository;
    },
  ) {}

  private async context(
    db: DbExecutor,
    auth: AuthContext,
    rows: readonly SheetRow[],
  ): Promise<ValidationContext> {
    const emails = new Set<string>();
    const phones = new Set<string>();
    for (const { cells } of rows) {
      const email = cells.Email.trim().toLowerCase();
      if (email) emails.add(email);
      if (cells.Phone) phones.add(cells.Phone.trim());
    }
    // Sequential: `db` may be a transaction (one connection).
    const orgsByCode = await new OrgRepository(db).idsByCode(auth.companyId);
    const taken = await new UserAdminRepository(db).takenLogins([...emails], [...phones]);
    return {
      orgsByCode,
      takenEmails: taken.emails,
      takenPhones: taken.phones,
      mayGrantAdmin: mayGrant(auth, ['CompanyAdmin']),
    };
  }

  async preview(auth: AuthContext, file: Buffer, lang: Language): Promise<ImportPreview> {
    const rows = await readSheet(file);
    const checked = validateRows(rows, await this.context(this.deps.db, auth, rows));
    const imports = new UserImportRepository(this.deps.db);
    await imports.deleteExpired(new Date(Date.now() - USER_IMPORT_LIMITS.previewTtlMs));
    const importId = await imports.insert(auth.companyId, auth.userId, rows);
    return {
      ImportId: importId,
      Total: rows.length,
      Valid: checked.filter((row) => row.user).length,
      Rows: rows.map(({ row, cells }, index) => ({
        Row: row,
        ...cells,
        Errors: (checked[index]?.problems ?? []).map((problem) => ({
          Field: problem.field,
          Message: formatMessage(lang, problem.key, problem.params),
        })),
      })),
    };
  }

  /** All or nothing: any invalid row refuses the whole import (400 listing `Rows[<row>].<field>`). */
  async commit(auth: AuthContext, importId: string, initialPassword: string): Promise<number> {
    const notBefore = () => new Date(Date.now() - USER_IMPORT_LIMITS.previewTtlMs);
    const imports = new UserImportRepository(this.deps.db);
    if (!(await imports.find(auth.companyId, importId, notBefore()))) throw notFound('import.expired');
    // Once for every imported user.
    const passwordHash = await this.deps.hasher.hash(initialPassword);
    let imported = 0;
    try {
      await this.deps.db.transaction(async (tx) => {
        const users = new UserAdminRepository(tx);
        await users.lockCompany(auth.companyId);
        const txImports = new UserImportRepository(tx);
        const rows = await txImports.find(auth.companyId, importId, notBefore());
        if (!rows) throw notFound('import.expired');
        const checked = validateRows(rows, await this.context(tx, auth, rows));
        const invalid = checked.filter((row) => !row.user);
        if (invalid.length > 0) {
          throw new AppError(
            ErrorCode.BadRequest,
            'import.invalidRows',
            { count: invalid.length },
            invalid.flatMap((row) =>
              row.problems.map((problem) => ({ ...problem, field: `Rows[${row.row}].${problem.field}` })),
            ),
          );
        }
        const parsed = checked.map((row) => row.user as ParsedUser);
        const values: NewUser[] = parsed.map((user) => ({
          companyId: auth.companyId,
          orgId: user.orgId,
          name: user.name,
          email: user.email,
          phone: user.phone,
          position: user.position,
          department: user.department,
          gender: user.gender,
          status: 1,
          passwordHash,
          mustChangePassword: true,
        }));
        const ids = await users.insertMany(values);
        await users.setRoles(
          auth.companyId,
          ids,
          parsed.map((user) => user.roles),
        );
        await txImports.delete(auth.companyId, importId);
        imported = ids.length;
      });
    } catch (error) {
      rethrowDuplicateLogin(error);
    }
    await this.deps.audit.record({
      event: 'user.imported',
      companyId: auth.companyId,
      userId: auth.userId,
      detail: { importId, count: imported },
    });
    return imported;
  }
}
