import type {
  ImportPreview,
  ImportRow,
  Role,
  RouteBodyInput,
  UserRow,
  userAdminRoutes,
} from '@measure/contract';
import { ROLE_LABELS, USER_IMPORT_LIMITS } from '@measure/contract';
import type { Language } from '@measure/contract/languages';
import { SUBSYSTEM } from '../../shared/routing/paths.ts';

export const USER_LIST_PATH = `/${SUBSYSTEM.cloud}/mscUser`;
export const USER_CREATE_PATH = `/${SUBSYSTEM.cloud}/mscUserCreate`;

/** The values of the create/edit form; a field never touched is undefined. */
export interface UserFormValues {
  Name?: string;
  Email?: string;
  Phone?: string;
  Position?: string;
  Department?: string;
  Gender: 0 | 1 | 2;
  Status: 0 | 1;
  OrgId?: string | null;
  RoleNameList: Role[];
  Password?: string;
}

export const USER_FORM_FIELDS = [
  'Name',
  'Email',
  'Phone',
  'Position',
  'Department',
  'Gender',
  'Status',
  'OrgId',
  'RoleNameList',
  'Password',
] as const;
/** Server field names that mean a form field: Code is the email, SysOrg the organisation. */
export const USER_FIELD_ALIASES: Record<string, (typeof USER_FORM_FIELDS)[number]> = {
  Code: 'Email',
  SysOrg: 'OrgId',
  PhoneNumber: 'Phone',
};

type CreateBody = RouteBodyInput<typeof userAdminRoutes.createUser>;
type EditBody = RouteBodyInput<typeof userAdminRoutes.editUser>;

/**
 * The spec create payload from the form: Email and Code carry the same address, the organisation
 * goes as OrgId and as the first SysOrg entry, the roles keep the order chosen (the first decides).
 */
export function createPayload(values: UserFormValues): CreateBody {
  const orgId = values.OrgId ?? null;
  return {
    Code: values.Email?.trim() ?? '',
    Email: values.Email?.trim() ?? '',
    Name: values.Name?.trim() ?? '',
    Phone: values.Phone?.trim() ?? '',
    Position: values.Position?.trim() ?? '',
    Department: values.Department?.trim() ?? '',
    Gender: values.Gender,
    Status: values.Status,
    OrgId: orgId,
    SysOrg: orgId ? [orgId] : [],
    RoleNameList: values.RoleNameList,
    Password: values.Password ?? '',
  };
}

/** The edit payload: the same fields with the user's id and without a password (reset does that). */
export function editPayload(userId: string, values: UserFormValues): EditBody {
  const { Password: _password, ...rest } = createPayload(values);
  return { ...rest, UserId: userId };
}

/** Form values of an existing user. */
export function formValuesOf(user: UserRow): UserFormValues {
  return {
    Name: user.Name,
    Email: user.Email,
    Phone: user.PhoneNumber ?? '',
    Position: user.Position ?? '',
    Department: user.Department ?? '',
    Gender: user.Gender,
    Status: user.Status,
    OrgId: user.OrgId,
    RoleNameList: [...user.RoleNameList],
  };
}

/** Role labels in the current language, in the user's order. */
export function roleLabels(roles: readonly Role[], language: Language): string[] {
  return roles.map((role) => ROLE_LABELS[role][language]);
}

/** Client-side check of an import file before it is sent; the server checks the content again. */
export function importFileProblem(file: { name: string; size: number }): 'notXlsx' | 'tooLarge' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > USER_IMPORT_LIMITS.maxFileBytes) return 'tooLarge';
  return null;
}

export interface PreviewSummary {
  total: number;
  valid: number;
  invalid: number;
  /** Only a preview whose every row is valid may be committed (all or nothing). */
  canCommit: boolean;
}

export function summarise(rows: readonly ImportRow[]): PreviewSummary {
  const invalid = rows.filter((row) => row.Errors.length > 0).length;
  return {
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    canCommit: rows.length > 0 && invalid === 0,
  };
}

/** `Rows[3].Email` (a refused commit) as sheet row 3, field Email. */
export function parseRowField(field: string): { row: number; field: string } | null {
  const match = /^Rows\[(\d+)\]\.(\w+)$/.exec(field);
  return match ? { row: Number(match[1]), field: match[2] ?? '' } : null;
}

/**
 * The preview after a refused commit: the rows named in the answer get the answer's errors
 * (data may have changed since the preview), the others keep theirs.
 */
export function withCommitErrors(
  preview: ImportPreview,
  errors: readonly { Field: string; Message: string }[],
): ImportPreview {
  const byRow = new Map<number, { Field: string; Message: string }[]>();
  for (const error of errors) {
    const parsed = parseRowField(error.Field);
    if (!parsed) continue;
    byRow.set(parsed.row, [
      ...(byRow.get(parsed.row) ?? []),
      { Field: parsed.field, Message: error.Message },
    ]);
  }
  const Rows = preview.Rows.map((row) => {
    const found = byRow.get(row.Row);
    return found ? { ...row, Errors: found } : row;
  });
  return { ...preview, Rows, Valid: summarise(Rows).valid };
}
