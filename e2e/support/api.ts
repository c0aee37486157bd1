import { createCipheriv, randomBytes } from 'node:crypto';
import { apiRoutes, type RouteBodyInput, type RouteDefinition, type RouteResult } from '@measure/contract';
import { BASE_URL, DEMO } from './browser.ts';

export { apiRoutes };

/**
 * Calls the real API from the test process (to prepare data and to act "elsewhere"), typed by its
 * contract route (`api(apiRoutes.projects.delete, { ProjectId }, token)`): the path comes from the
 * route, the body and the answer's `Result` are the route's types.
 */
export async function api<R extends RouteDefinition>(
  route: R,
  body: RouteBodyInput<R> | Record<string, never> = {},
  token?: string,
  language?: 'zh-CN' | 'en-US',
): Promise<RouteResult<R>> {
  const response = await fetch(`${BASE_URL}${route.path}`, {
    method: route.method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { Code: number; Message: string; Result: RouteResult<R> };
  if (envelope.Code !== 0) throw new Error(`${route.path}: ${envelope.Code} ${envelope.Message}`);
  return envelope.Result;
}

/** The sign-in wire format of design.md, with the default key. */
const encode = (text: string) => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from('MsRobotCloud2026'), null);
  return encodeURIComponent(Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64'));
};

/** Signs in through the API; returns the token (also from a "message#token" result). */
export async function apiLogin(login: string, password: string): Promise<string> {
  const result = await api(apiRoutes.auth.authLogin, {
    Email: encode(login),
    Password: encode(password),
  });
  return result.includes('#') ? (result.split('#')[1] ?? '') : result;
}

export interface TestUser {
  login: string;
  password: string;
  name: string;
}

/** A fresh surveyor created by the administrator: the first sign-in must change the password. */
export async function createNewUser(initialPassword: string): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = { login: `e2e-${suffix}@example.com`, password: initialPassword, name: `测试${suffix}` };
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    { Name: user.name, Email: user.login, Password: initialPassword, RoleNameList: ['Surveyor'] },
    admin,
  );
  return user;
}

/**
 * A fresh surveyor of the demo company, ready to sign in (the first-login password change is done
 * through the API), so tests never touch the demo accounts' passwords.
 */
export async function createReadyUser(): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = { login: `e2e-${suffix}@example.com`, password: 'Ready@12345', name: `测试${suffix}` };
  const admin = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    { Name: user.name, Email: user.login, Password: 'First@12345', RoleNameList: ['Surveyor'] },
    admin,
  );
  const first = await apiLogin(user.login, 'First@12345');
  await api(
    apiRoutes.account.changePassword,
    { OldPassword: 'First@12345', NewPassword: user.password },
    first,
  );
  return user;
}

/**
 * A fresh administrator of the demo company (or a user of the role given), ready to sign in (the
 * first-login password change is done through the API), so tests change nothing of the demo accounts.
 */
export async function createReadyAdmin(
  role: 'CompanyAdmin' | 'MeasureAdmin' | 'ProjectAdmin' | 'Surveyor' = 'CompanyAdmin',
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = { login: `admin-${suffix}@e2e.example.com`, password: 'Ready@12345', name: `管理员${suffix}` };
  const demo = await apiLogin(DEMO.admin.login, DEMO.admin.password);
  await api(
    apiRoutes.userAdmin.createUser,
    { Name: user.name, Email: user.login, Password: 'First@12345', RoleNameList: [role] },
    demo,
  );
  const first = await apiLogin(user.login, 'First@12345');
  await api(
    apiRoutes.account.changePassword,
    { OldPassword: 'First@12345', NewPassword: user.password },
    first,
  );
  return user;
}

/** A project of one small building (1: 2 stories, 1 household a floor unless told) made through the API. */
export async function createSmallProject(
  token: string,
  name: string,
  building: { Stories?: number; Households?: number } = {},
): Promise<{ ProjectId: string; Name: string }> {
  return api(
    apiRoutes.projects.add,
    {
      Name: name,
      DetailsInfo: [
        {
          BuildingNumber: '1',
          Stories: building.Stories ?? 2,
          Households: building.Households ?? 1,
          DeliveryStandard: 'fine',
        },
      ],
    },
    token,
  );
}
