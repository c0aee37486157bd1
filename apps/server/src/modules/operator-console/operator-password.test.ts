/** The operator changes its own password: the users' rules, its other sessions end, this one stays. */
import { apiRoutes } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { OPERATOR_PASSWORD, operatorSuite } from '../../../test/operator-factories.ts';
import { login } from '../../../test/app.ts';
import { buildAdmin } from '../../../test/factories.ts';

const suite = operatorSuite();
const change = apiRoutes.operatorConsole.changePassword;
const NEW_PASSWORD = 'Console#2026';

describe('operator password', () => {
  it('refuses a wrong old password, a new one outside the rules and the same one, changing nothing', async () => {
    const wrong = await suite.call(
      change,
      { OldPassword: 'Wrong@12345', NewPassword: NEW_PASSWORD },
      'en-US',
    );
    expect(wrong).toMatchObject({
      Code: 400,
      Result: [{ Field: 'OldPassword', Message: 'The old password is wrong' }],
    });
    for (const bad of ['Short@1', 'Much@Too@Long@123', 'nodigits@abc']) {
      const answer = await suite.call(change, { OldPassword: OPERATOR_PASSWORD, NewPassword: bad });
      expect(answer, bad).toMatchObject({ Code: 400, Result: [{ Field: 'NewPassword' }] });
    }
    const same = await suite.call(change, { OldPassword: OPERATOR_PASSWORD, NewPassword: OPERATOR_PASSWORD });
    expect(same).toMatchObject({ Code: 400, Result: [{ Field: 'NewPassword' }] });
    // Still the old password.
    expect(await login(suite.t.app, suite.operator.email, OPERATOR_PASSWORD)).toMatch(/\S/);
  });

  it('sets the new password and ends its other sessions; a company user cannot call it', async () => {
    const other = await login(suite.t.app, suite.operator.email, OPERATOR_PASSWORD);
    const done = await suite.call(change, { OldPassword: OPERATOR_PASSWORD, NewPassword: NEW_PASSWORD });
    expect(done).toEqual({ Code: 0, Message: '密码修改成功', Result: null });
    // This session goes on, the other one is over.
    expect((await suite.call(apiRoutes.operatorConsole.getCompanyList, {})).Code).toBe(0);
    const ended = await suite.t.app.inject({
      method: 'POST',
      url: apiRoutes.operatorConsole.getCompanyList.path,
      headers: { authorization: `Bearer ${other}` },
      payload: {},
    });
    expect(ended.statusCode).toBe(401);
    expect(await login(suite.t.app, suite.operator.email, NEW_PASSWORD)).toMatch(/\S/);
    await expect(login(suite.t.app, suite.operator.email, OPERATOR_PASSWORD)).rejects.toThrow();

    const admin = await buildAdmin(suite.t);
    const refused = await callRoute(
      suite.t.app,
      change,
      { OldPassword: 'x', NewPassword: NEW_PASSWORD },
      { as: admin },
    );
    expect(refused.Code).toBe(403);
  });
});
