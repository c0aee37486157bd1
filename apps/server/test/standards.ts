/** Helpers of the standards and project-standards API tests. */
import type { MeasureItemRow, ProjectStandard } from '@measure/contract';
import { call, type TestApp } from './app.ts';

let sequence = 0;
/** A valid new library item; `standard` overrides the first standard's values. */
export function libraryItem(overrides: Record<string, unknown> = {}, standard: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    Code: `T-${sequence}`,
    NameZh: `测试项${sequence}`,
    NameEn: `Test item ${sequence}`,
    Stage: 'plaster',
    Mode: 'absolute',
    Standards: [{ Name: '普通', Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3, ...standard }],
    ...overrides,
  };
}

/** standard/Update. */
export const updateStandards = (t: TestApp, token: string, body: object, lang?: string) =>
  call<MeasureItemRow[]>(t.app, 'POST', '/api/ms/standard/Update', { token, body, lang });

/** The company library (standard/GetList). */
export const libraryOf = async (t: TestApp, token: string) =>
  (await call<MeasureItemRow[]>(t.app, 'GET', '/api/ms/standard/GetList', { token })).body.Result;

/** A project's standards copies (standard/GetListByProject). */
export const projectStandardsOf = (t: TestApp, projectId: string, token: string) =>
  call<ProjectStandard[]>(t.app, 'GET', `/api/ms/standard/GetListByProject?ProjectGuid=${projectId}`, {
    token,
  });
