import { z } from 'zod';
import { pageRequestShape, pageResultSchema } from '../envelope.ts';
import * as rules from '../rules.ts';
import { defineRoute } from './define.ts';
import { deviceFieldsShape, DEVICE_TYPES } from './devices.ts';
import { listExportRoute } from './list-export.ts';

/**
 * The operator console (issue 34): the platform operator (factory administrator), who belongs to no
 * customer company, keeps the customer companies, their feature switches, the device registry
 * across companies and the orders of devices and software. Every route is `access: 'operator'`:
 * company users get 403, and the operator gets 403 on every company-scoped route.
 */

/** An order's states; the allowed moves are ORDER_MOVES. */
export const ORDER_STATES = ['draft', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** draft -> confirmed -> shipped -> completed; draft or confirmed -> cancelled; the last two are final. */
export const ORDER_MOVES: Record<OrderState, readonly OrderState[]> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export const ORDER_LINE_KINDS = ['device', 'software'] as const;

/** The four feature switches of a company (spec section 6); EnabledGj gates nothing yet. */
export const FEATURE_GATES = [
  'EnabledRobotTask',
  'EnabledModeling',
  'EnabledExternalWall',
  'EnabledGj',
] as const;
export type FeatureGateName = (typeof FEATURE_GATES)[number];
/** Switches that are shown and stored but gate no module yet (the seed only names them). */
export const GATES_WITHOUT_MODULE: readonly FeatureGateName[] = ['EnabledGj'];

export const CONSOLE_LIMITS = {
  companyCodeMax: 32,
  companyNameMax: 64,
  orderNumberMax: 32,
  orderLinesMax: 50,
  orderItemMax: 64,
  noteMax: 500,
  quantityMax: 100_000,
  /** Largest unit price, in yuan. */
  unitPriceMax: 10_000_000,
} as const;

const companyCode = rules
  .requiredText(CONSOLE_LIMITS.companyCodeMax)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'rules.noSpecial');
const companyName = rules.requiredText(CONSOLE_LIMITS.companyNameMax);
const gateShape = {
  EnabledRobotTask: z.boolean(),
  EnabledModeling: z.boolean(),
  EnabledExternalWall: z.boolean(),
  EnabledGj: z.boolean(),
};

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'devices.invalidDate')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'devices.invalidDate');
const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

export const consoleCompanySchema = z.object({
  CompanyId: z.string(),
  Code: z.string(),
  NameZh: z.string(),
  NameEn: z.string(),
  Disabled: z.boolean(),
  DisabledAt: z.string().nullable(),
  ...gateShape,
  UserCount: z.number().int(),
  DeviceCount: z.number().int(),
  /** The company's administrators (CompanyAdmin first role). */
  Admins: z.array(z.object({ UserId: z.string(), Name: z.string(), Email: z.string() })),
  CreateTime: z.string(),
});
export type ConsoleCompany = z.infer<typeof consoleCompanySchema>;

export const consoleDeviceSchema = z.object({
  DeviceId: z.string(),
  DeviceNumber: z.string(),
  DeviceType: z.enum(DEVICE_TYPES),
  ProductSerialNumber: z.string().nullable(),
  MachineModel: z.string().nullable(),
  CompanyId: z.string(),
  CompanyName: z.string(),
  CustomerCompanyName: z.string().nullable(),
  CustomerContact: z.string().nullable(),
  CustomerPhoneNumber: z.string().nullable(),
  DeviceDateOfProduction: z.string(),
  DeviceExpire: z.number().int().nullable(),
  /** The operator's warranty start; null: the warranties run from activation or production. */
  WarrantyStartsOn: z.string().nullable(),
  IsActive: z.boolean(),
  ActiveDate: z.string().nullable(),
  CreateTime: z.string(),
});
export type ConsoleDevice = z.infer<typeof consoleDeviceSchema>;

export const orderRowSchema = z.object({
  OrderId: z.string(),
  OrderNumber: z.string(),
  CompanyId: z.string(),
  CompanyName: z.string(),
  State: z.enum(ORDER_STATES),
  /** Yuan, two decimals: the sum of quantity x unit price of the lines. */
  Amount: z.number(),
  LineCount: z.number().int(),
  Note: z.string().nullable(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  Lines: z.array(
    z.object({
      Kind: z.enum(ORDER_LINE_KINDS),
      Item: z.string(),
      Quantity: z.number().int(),
      UnitPrice: z.number(),
      Amount: z.number(),
    }),
  ),
  History: z.array(
    z.object({
      /** created (FromState null), moved (a state change) or edited (a draft's content changed). */
      Kind: z.enum(['created', 'moved', 'edited']),
      FromState: z.enum(ORDER_STATES).nullable(),
      ToState: z.enum(ORDER_STATES),
      OperatorName: z.string().nullable(),
      Note: z.string().nullable(),
      Time: z.string(),
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const orderLine = z.object({
  Kind: z.enum(ORDER_LINE_KINDS, { error: 'console.orderLineKind' }),
  Item: rules.requiredText(CONSOLE_LIMITS.orderItemMax),
  Quantity: z.coerce
    .number({ error: 'console.quantity' })
    .int('console.quantity')
    .min(1, 'console.quantity')
    .max(CONSOLE_LIMITS.quantityMax, 'console.quantity'),
  UnitPrice: z.coerce
    .number({ error: 'console.unitPrice' })
    .min(0, 'console.unitPrice')
    .max(CONSOLE_LIMITS.unitPriceMax, 'console.unitPrice')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'console.unitPrice'),
});

const note = rules.optionalText(CONSOLE_LIMITS.noteMax).transform((value) => value ?? null);

/** What AddOrder and EditOrder take. */
const orderFieldsShape = {
  CompanyId: rules.uuid,
  OrderNumber: rules
    .optionalText(CONSOLE_LIMITS.orderNumberMax)
    .refine((value) => value === undefined || !rules.patterns.whitespace.test(value), 'rules.noWhitespace'),
  Note: note,
  Lines: z
    .array(orderLine)
    .min(1, 'console.orderLinesRequired')
    .max(CONSOLE_LIMITS.orderLinesMax, 'console.orderLinesTooMany'),
};

const getOrderList = defineRoute({
  method: 'POST',
  path: '/api/sys/Console/GetOrderList',
  access: 'operator',
  tag: 'operator-console',
  summary:
    'Orders of every customer company, newest first, paged. Content searches the order number and company; ' +
    'CompanyId, State and the creation dates (StartDate..EndDate, YYYY-MM-DD, days in the company time ' +
    'zone, both included; an end before the start is 400 analysis.dateOrder) filter.',
  body: z.object({
    Content: rules.optionalText(64),
    CompanyId: rules.uuid.nullish(),
    State: z.enum(ORDER_STATES).nullish(),
    StartDate: optionalDate,
    EndDate: optionalDate,
    ...pageRequestShape,
  }),
  result: pageResultSchema(orderRowSchema),
});

export const operatorConsoleRoutes = {
  getCompanyList: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/GetCompanyList',
    access: 'operator',
    tag: 'operator-console',
    summary: 'Customer companies, paged, by code. Content searches code and names; Disabled filters.',
    body: z.object({ Content: rules.optionalText(64), Disabled: z.boolean().nullish(), ...pageRequestShape }),
    result: pageResultSchema(consoleCompanySchema),
  }),
  addCompany: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/AddCompany',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Create a customer company with its root organisation, default standards and first administrator ' +
      '(who must change the password at first sign-in); all or nothing.',
    body: z.object({
      Code: companyCode,
      NameZh: companyName,
      NameEn: companyName,
      AdminName: rules.personName,
      AdminEmail: rules.email,
      AdminPhone: z
        .union([rules.phone, z.literal('')])
        .nullish()
        .transform((value) => (value ? value : null)),
      AdminPassword: rules.password,
    }),
    result: consoleCompanySchema,
  }),
  editCompany: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/EditCompany',
    access: 'operator',
    tag: 'operator-console',
    summary: 'Change a customer company’s code and names',
    body: z.object({ CompanyId: rules.uuid, Code: companyCode, NameZh: companyName, NameEn: companyName }),
    result: consoleCompanySchema,
  }),
  setCompanyDisabled: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/SetCompanyDisabled',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Disable a customer company (its sessions end at once; its sign-ins and device calls are refused) or enable it again',
    body: z.object({ CompanyId: rules.uuid, Disabled: z.boolean() }),
    result: consoleCompanySchema,
  }),
  setCompanyGates: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/SetCompanyGates',
    access: 'operator',
    tag: 'operator-console',
    summary: 'Switch a customer company’s features (GetSelf shows them at once); EnabledGj gates nothing yet',
    body: z.object({ CompanyId: rules.uuid, ...gateShape }),
    result: consoleCompanySchema,
  }),
  getDeviceList: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/GetDeviceList',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Devices of every customer company, paged, by company and number. Content searches number, serial ' +
      'and customer; CompanyId filters.',
    body: z.object({ Content: rules.optionalText(64), CompanyId: rules.uuid.nullish(), ...pageRequestShape }),
    result: pageResultSchema(consoleDeviceSchema),
  }),
  registerDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/RegisterDevice',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Register a device (the device fields of AddDevice) into a customer company, with a warranty start',
    body: z.object({ CompanyId: rules.uuid, ...deviceFieldsShape, WarrantyStartsOn: optionalDate }),
    result: consoleDeviceSchema,
  }),
  allocateDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/AllocateDevice',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Move a device to another customer company: it loses its holder, key and activation; a device with ' +
      'tasks or project records stays (its data belongs to its company)',
    body: z.object({ DeviceId: rules.uuid, CompanyId: rules.uuid }),
    result: consoleDeviceSchema,
  }),
  updateDevice: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/UpdateDevice',
    access: 'operator',
    tag: 'operator-console',
    summary: 'Set a device’s warranty start, warranty years and customer fields',
    body: z.object({
      DeviceId: rules.uuid,
      WarrantyStartsOn: optionalDate,
      DeviceExpire: deviceFieldsShape.DeviceExpire,
      CustomerCompanyName: deviceFieldsShape.CustomerCompanyName,
      CustomerContact: deviceFieldsShape.CustomerContact,
      CustomerPhoneNumber: deviceFieldsShape.CustomerPhoneNumber,
    }),
    result: consoleDeviceSchema,
  }),
  getOrderList,
  exportOrderList: listExportRoute(getOrderList, '/api/sys/Console/ExportOrderList', 'Orders'),
  getOrder: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/GetOrder',
    access: 'operator',
    tag: 'operator-console',
    summary: 'An order with its lines and its state history (who moved it, when)',
    body: z.object({ OrderId: rules.uuid }),
    result: orderDetailSchema,
  }),
  addOrder: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/AddOrder',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Create a draft order of devices and software for a customer company; OrderNumber is generated when empty',
    body: z.object(orderFieldsShape),
    result: orderDetailSchema,
  }),
  editOrder: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/EditOrder',
    access: 'operator',
    tag: 'operator-console',
    summary:
      'Change a draft order: its company, number (empty keeps it), note and lines (replaced as a whole; the ' +
      'amount follows). Only a draft can change (400 console.orderNotDraft); the edit is kept in its history.',
    body: z.object({ OrderId: rules.uuid, ...orderFieldsShape }),
    result: orderDetailSchema,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/ChangePassWord',
    access: 'operator',
    throttled: true,
    tag: 'operator-console',
    summary:
      'The operator changes its own password (the same rules as users: 9-16 characters of the kinds ' +
      'spec section 9 names); its other sessions end',
    body: z.object({
      OldPassword: z.string().min(1, 'rules.required').max(64, 'rules.maxLength'),
      NewPassword: rules.password,
    }),
    result: z.null(),
  }),
  setOrderState: defineRoute({
    method: 'POST',
    path: '/api/sys/Console/SetOrderState',
    access: 'operator',
    tag: 'operator-console',
    summary: 'Move an order to its next state (ORDER_MOVES); the move is kept in its history',
    body: z.object({ OrderId: rules.uuid, State: z.enum(ORDER_STATES), Note: note }),
    result: orderDetailSchema,
  }),
};
