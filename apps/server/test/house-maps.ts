/**
 * Shared set-up of the house-map API tests (house-maps*.test.ts): a test app, a company administrator,
 * a project administrator of the same company and another company's administrator, all made by the
 * factories; upload and project helpers.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Envelope, HouseMapRow, ProjectRow } from '@measure/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  householdAssignments,
  houseMaps,
  pointTypes,
  projectBuildings,
  projectLogs,
  projects,
  projectUsers,
} from '../src/db/schema.ts';
import { call, createTestApp, type TestApp } from './app.ts';
import { buildAdmin, buildUser, type BuiltUser } from './factories.ts';
import { multipartBody } from './multipart.ts';
import { dxfText, pngBytes } from './plan-files.ts';

export interface HouseMapTestContext {
  t: TestApp;
  /** Tokens: a company administrator, a project administrator of that company, another company's administrator. */
  admin: string;
  pm: string;
  other: string;
  pmUser: BuiltUser;
  companyId: string;
  sequence: number;
}

export const ctx = { sequence: 0 } as HouseMapTestContext;

/** Registers the file's beforeAll/afterAll; `ctx` is filled before the file's own beforeAll runs. */
export function useHouseMapTestApp(): HouseMapTestContext {
  beforeAll(async () => {
    ctx.t = await createTestApp();
    const admin = await buildAdmin(ctx.t);
    ctx.admin = admin.token;
    ctx.companyId = admin.companyId;
    ctx.pmUser = await buildUser(ctx.t, { companyId: admin.companyId, roles: ['ProjectAdmin'] });
    ctx.pm = ctx.pmUser.token;
    ctx.other = (await buildAdmin(ctx.t)).token;
  });
  afterAll(async () => ctx.t.close());
  return ctx;
}

export const planDir = () => path.join(ctx.t.config.dataDir, 'uploads', 'house-maps');
export const storedFiles = async () => {
  try {
    return (await fs.readdir(planDir())).sort();
  } catch {
    return [];
  }
};

export async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
  options: { url?: string; lang?: string } = {},
): Promise<Envelope<HouseMapRow>> {
  const body = multipartBody(
    file ? [{ name: file.name, data: file.data, type: file.type ?? 'image/png' }] : [],
    fields,
  );
  const response = await ctx.t.app.inject({
    method: 'POST',
    url: options.url ?? '/api/ms/Project/HouseMapUpdate',
    payload: body.payload,
    headers: {
      ...body.headers,
      authorization: `Bearer ${token}`,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
  return response.json<Envelope<HouseMapRow>>();
}

export const post = async <T>(url: string, body: unknown, token = ctx.admin, lang?: string) =>
  (await call<T>(ctx.t.app, 'POST', url, { token, body, lang })).body;

export async function newProject(
  buildings = [{ BuildingNumber: '1#', Stories: 10, Households: 4, DeliveryStandard: 'fine' }],
) {
  const response = await post<ProjectRow>('/api/ms/Project/Add', {
    Name: `户型测试${++ctx.sequence}`,
    DetailsInfo: buildings,
  });
  expect(response.Code, JSON.stringify(response)).toBe(0);
  return response.Result.ProjectId;
}

export const png = () => ({ name: 'plan.png', data: pngBytes(40, 30) });
export const dxf = () => ({ name: '图纸.dxf', data: Buffer.from(dxfText()), type: 'application/dxf' });

export async function newHouseMap(
  projectId: string,
  name = `户型${++ctx.sequence}`,
  file: { name: string; data: Buffer; type?: string } = png(),
) {
  const response = await upload(ctx.admin, { ProjectId: projectId, Name: name, FloorArea: '89.5' }, file);
  expect(response.Code, JSON.stringify(response)).toBe(0);
  return response.Result;
}

export async function rowsOf(projectId: string) {
  const counts = await Promise.all(
    [houseMaps, pointTypes, householdAssignments, projectLogs, projectBuildings, projectUsers].map(
      async (table) => {
        const [row] = await ctx.t.db
          .select({ total: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.projectId, projectId));
        return row?.total ?? 0;
      },
    ),
  );
  const [project] = await ctx.t.db
    .select({ total: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.id, projectId));
  return {
    houseMaps: counts[0],
    pointTypes: counts[1],
    assignments: counts[2],
    logs: counts[3],
    buildings: counts[4],
    staff: counts[5],
    projects: project?.total,
  };
}
