import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../permissions.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';

/**
 * The fields every view of a user carries (spec section 3, User). Code repeats Email, and
 * AccountNumber repeats the phone.
 */
export const userCoreShape = {
  UserId: z.string(),
  Name: z.string(),
  Email: z.string(),
  Code: z.string(),
  PhoneNumber: z.string().nullable(),
  AccountNumber: z.string().nullable(),
  Position: z.string().nullable(),
  Department: z.string().nullable(),
  Gender: rules.gender,
  Status: rules.userStatus,
  OrgId: z.string().nullable(),
  OrgCode: z.string().nullable(),
  OrgName: z.string().nullable(),
  RoleNameList: z.array(z.enum(ROLES)),
  ProjectIds: z.array(z.string()),
};

/** The signed-in user's profile, roles, permissions and company feature flags. */
export const selfInfoSchema = z.object({
  ...userCoreShape,
  Avatar: z.string().nullable(),
  CompanyId: z.string(),
  CompanyName: z.string(),
  Permissions: z.array(z.enum(PERMISSIONS as [string, ...string[]])),
  MustChangePassword: z.boolean(),
  EnabledRobotTask: z.boolean(),
  EnabledModeling: z.boolean(),
  EnabledExternalWall: z.boolean(),
  EnabledGj: z.boolean(),
  /** The company's time zone (IANA name): every date and time is shown in it. */
  TimeZone: z.string(),
  /**
   * The platform operator (factory administrator): no company (CompanyId and CompanyName empty, no
   * roles, permissions or gates); the web shows only the operator console.
   */
  IsOperator: z.boolean(),
});
export type SelfInfo = z.infer<typeof selfInfoSchema>;

/** Account type of the password-reset calls: 1 email, 2 mobile phone. */
export const AccountType = { Email: 1, Phone: 2 } as const;
const accountType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

const editMeBody = z
  .object({
    UserId: rules.uuid.optional(),
    Code: rules.email.optional(),
    Email: rules.email.optional(),
    Name: rules.personName,
    Position: rules.optionalText(rules.USER_FIELD_MAX),
    Department: rules.optionalText(rules.USER_FIELD_MAX),
    Gender: rules.gender.optional(),
    Status: rules.userStatus.optional(),
    Phone: z
      .union([rules.phone, z.literal('')])
      .nullish()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((body) => body.Email !== undefined || body.Code !== undefined, {
    message: 'rules.required',
    path: ['Email'],
  });

export const accountRoutes = {
  getSelf: defineRoute({
    method: 'POST',
    path: '/api/sys/User/GetSelf',
    access: 'signedIn',
    tag: 'users',
    summary: 'The signed-in user: profile, roles, permission strings, company feature flags and time zone',
    result: selfInfoSchema,
  }),
  editMe: defineRoute({
    method: 'POST',
    path: '/api/sys/User/EditMe',
    access: 'authenticated',
    tag: 'users',
    summary: 'Edit your own profile (Email and Code are the same value; Status cannot be changed here)',
    body: editMeBody,
    result: selfInfoSchema,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/sys/User/ChangePassWord',
    access: 'authenticated',
    throttled: true,
    tag: 'users',
    summary: 'Change your password; your other sessions end',
    body: z.object({
      OldPassword: z.string().min(1, 'rules.required').max(64, 'rules.maxLength'),
      NewPassword: rules.password,
    }),
    result: z.null(),
  }),
  verifyCodeGet: defineRoute({
    method: 'POST',
    path: '/api/sys/User/VerifyCode_Get',
    access: 'public',
    throttled: true,
    tag: 'users',
    summary:
      'Send a 6-digit password-reset code (valid 10 minutes) to an email (AccountType 1) or mobile (AccountType 2). ' +
      'Answers the same whether or not the account exists.',
    body: z
      .object({
        Email: z.string().trim().max(50, 'rules.maxLength').optional(),
        PhoneNumber: z.string().trim().max(11, 'rules.maxLength').optional(),
        AccountType: accountType,
        OperationType: z.coerce.number().int().min(0).max(99).optional(),
      })
      .superRefine((body, context) => {
        if (body.AccountType === AccountType.Email && !rules.patterns.email.test(body.Email ?? '')) {
          context.addIssue({ code: 'custom', message: 'rules.email', path: ['Email'] });
        }
        if (body.AccountType === AccountType.Phone && !rules.patterns.phone.test(body.PhoneNumber ?? '')) {
          context.addIssue({ code: 'custom', message: 'rules.phone', path: ['PhoneNumber'] });
        }
      }),
    result: z.null(),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/sys/User/ResetCloudUserPassword',
    access: 'public',
    tag: 'users',
    summary: 'Set a new password with a verification code (at most 5 tries per code); all sessions end',
    body: z.object({
      Email: rules.phoneOrEmail,
      VerifyCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'validation.invalidFormat'),
      AccountType: accountType,
      Password: rules.password,
    }),
    result: z.null(),
  }),
};
