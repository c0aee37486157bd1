/**
 * The operator console: the operator and company users are kept apart both ways, customer companies
 * are created with their administrator, disabling a company ends its sessions and refuses its sign-ins
 * and devices, and the gates switched here are what GetSelf answers.
 */
import { apiRoutes } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { login, loginRaw } from '../../../test/app.ts';
import { callRoute, callRouteOk, callRouteResponse } from '../../../test/call-route.ts';
import { buildAdmin, buildCompany, buildDevice, buildUser } from '../../../test/factories.ts';
import { gatesOf, operatorSuite } from '../../../test/operator-factories.ts';

const console_ = apiRoutes.operatorConsole;
const suite = operatorSuite();

describe('the operator and company users are kept apart', () => {
  it('GetSelf tells the web it is the operator, with no company, role or permission', async () => {
    const self = await suite.ok(apiRoutes.account.getSelf, undefined);
    expect(self).toMatchObject({
      UserId: suite.operator.id,
      Email: suite.operator.email,
      CompanyId: '',
      CompanyName: '',
      RoleNameList: [],
      Permissions: [],
      IsOperator: true,
    });
  });

  it("answers 403 when the operator reads a company's projects, tasks or readings", async () => {
    const company = await buildCompany(suite.t);
    await buildAdmin(suite.t, { companyId: company.id });
    for (const [route, input] of [
      [apiRoutes.projects.getPage, {}],
      [apiRoutes.tasks.getTaskList, {}],
      [apiRoutes.results.getDataPool, { ProjectId: crypto.randomUUID() }],
      [apiRoutes.devices.getDeviceList, {}],
    ] as const) {
      const answer = await suite.call(route, input as never, 'en-US');
      expect([route.path, answer.Code, answer.Message]).toEqual([
        route.path,
        403,
        'You are not permitted to do this',
      ]);
    }
  });

  it('answers 403 to a company administrator calling the console', async () => {
    const admin = await buildAdmin(suite.t);
    for (const [route, input] of [
      [console_.getCompanyList, {}],
      [
        console_.setCompanyGates,
        {
          CompanyId: admin.companyId,
          EnabledRobotTask: true,
          EnabledModeling: true,
          EnabledExternalWall: true,
          EnabledGj: true,
        },
      ],
      [console_.getOrderList, {}],
    ] as const) {
      const answer = await callRoute(suite.t.app, route, input as never, { as: admin.token });
      expect([route.path, answer.Code]).toEqual([route.path, 403]);
    }
    const self = await callRouteOk(suite.t.app, apiRoutes.account.getSelf, undefined, { as: admin.token });
    expect(self.IsOperator).toBe(false);
  });

  it('signs the operator out through the same Logout', async () => {
    const second = await login(suite.t.app, suite.operator.email, 'Operator@12345');
    await callRouteOk(suite.t.app, apiRoutes.auth.logout, undefined, { as: second });
    const after = await callRouteResponse(suite.t.app, apiRoutes.account.getSelf, undefined, { as: second });
    expect(after.status).toBe(401);
  });
});

describe('customer companies', () => {
  it('creates a company with its first administrator, who signs in and must change the password', async () => {
    const code = `acme-${crypto.randomUUID().slice(0, 6)}`;
    const email = `${code}@customer.example.com`;
    const company = await suite.ok(console_.addCompany, {
      Code: code,
      NameZh: '艾克米',
      NameEn: 'Acme',
      AdminName: '艾管理',
      AdminEmail: email,
      AdminPassword: 'Acme@123456',
    });
    expect(company).toMatchObject({
      Code: code,
      NameEn: 'Acme',
      Disabled: false,
      UserCount: 1,
      DeviceCount: 0,
    });
    expect(company.Admins).toEqual([{ UserId: expect.any(String), Name: '艾管理', Email: email }]);
    const answer = await loginRaw(suite.t.app, email, 'Acme@123456');
    expect(answer.body.Code).toBe(0);
    expect(answer.body.Result).toContain('#');

    const again = await suite.call(
      console_.addCompany,
      {
        Code: code.toUpperCase(),
        NameZh: '重复',
        NameEn: 'Twice',
        AdminName: '重复',
        AdminEmail: `x${email}`,
        AdminPassword: 'Acme@123456',
      },
      'en-US',
    );
    expect(again.Code).toBe(409);
    expect(again.Message).toBe('The company code is already in use');
    const list = await suite.ok(console_.getCompanyList, { Content: code });
    expect(list.Items.map((item) => item.Code)).toEqual([code]);
  });

  it('refuses a bad form naming the field, storing nothing', async () => {
    const code = `bad-${crypto.randomUUID().slice(0, 6)}`;
    const answer = await suite.call(
      console_.addCompany,
      {
        Code: code,
        NameZh: '坏',
        NameEn: 'Bad',
        AdminName: '坏',
        AdminEmail: 'not-an-email',
        AdminPassword: 'short',
      },
      'en-US',
    );
    expect(answer.Code).toBe(400);
    expect(answer.Message).toBe('AdminEmail: Enter a valid email address');
    const taken = await suite.call(console_.addCompany, {
      Code: code,
      NameZh: '坏',
      NameEn: 'Bad',
      AdminName: '坏',
      AdminEmail: suite.operator.email,
      AdminPassword: 'Good@123456',
    });
    expect(taken.Code).toBe(409);
    const list = await suite.ok(console_.getCompanyList, { Content: code });
    expect(list.Total).toBe(0);
  });

  it('disabling ends the sessions at once, refuses sign-in and devices; enabling lets them in again', async () => {
    const company = await buildCompany(suite.t);
    const admin = await buildAdmin(suite.t, { companyId: company.id });
    const surveyor = await buildUser(suite.t, { companyId: company.id });
    const robot = await buildDevice(suite.t, { companyId: company.id });
    const heartbeat = () =>
      suite.t.app.inject({
        method: 'POST',
        url: apiRoutes.deviceApi.heartbeat.path,
        headers: { authorization: `Device ${robot.key}`, 'accept-language': 'en-US' },
        payload: { Battery: 50 },
      });
    expect((await heartbeat()).json().Code).toBe(0);

    const disabled = await suite.ok(console_.setCompanyDisabled, { CompanyId: company.id, Disabled: true });
    expect(disabled.Disabled).toBe(true);
    for (const user of [admin, surveyor]) {
      const after = await callRouteResponse(suite.t.app, apiRoutes.account.getSelf, undefined, {
        as: user.token,
      });
      expect(after.status).toBe(401);
    }
    const refused = await loginRaw(suite.t.app, admin.email, admin.password);
    expect(refused.body.Code).toBe(403);
    expect(refused.body.Message).toBe('贵公司账号已停用，请联系平台运营方');
    const device = await heartbeat();
    expect(device.json()).toMatchObject({
      Code: 403,
      Message: "The device's company has been disabled; device data is not accepted for now",
    });

    await suite.ok(console_.setCompanyDisabled, { CompanyId: company.id, Disabled: false });
    const token = await login(suite.t.app, admin.email, admin.password);
    expect((await callRoute(suite.t.app, apiRoutes.account.getSelf, undefined, { as: token })).Code).toBe(0);
    expect((await heartbeat()).json().Code).toBe(0);
  });

  it('switches the gates: GetSelf answers the new switches at the next call', async () => {
    const admin = await buildAdmin(suite.t);
    const before = await callRouteOk(suite.t.app, apiRoutes.account.getSelf, undefined, { as: admin.token });
    expect(gatesOf(before)).toEqual([true, false, false, false]);
    const company = await suite.ok(console_.setCompanyGates, {
      CompanyId: admin.companyId,
      EnabledRobotTask: false,
      EnabledModeling: true,
      EnabledExternalWall: true,
      EnabledGj: true,
    });
    expect(gatesOf(company)).toEqual([false, true, true, true]);
    const after = await callRouteOk(suite.t.app, apiRoutes.account.getSelf, undefined, { as: admin.token });
    expect(gatesOf(after)).toEqual([false, true, true, true]);
    const missing = await suite.call(
      console_.setCompanyGates,
      {
        CompanyId: crypto.randomUUID(),
        EnabledRobotTask: true,
        EnabledModeling: true,
        EnabledExternalWall: true,
        EnabledGj: true,
      },
      'en-US',
    );
    expect([missing.Code, missing.Message]).toEqual([404, 'The customer company does not exist']);
  });
});
