import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { apiRoutes } from '@measure/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callRouteOk } from '../../test/call-route.ts';
import {
  assignHouseType,
  buildCompany,
  buildHouseType,
  buildProject,
  buildUser,
} from '../../test/factories.ts';
import { buildTask } from '../../test/task-factories.ts';

/**
 * A shared report opened cold: its index.html carries the report (core/page-data.ts), exactly the
 * API's answer, so the phone renders it with its first frame; never cached, gzipped when accepted.
 */
let t: TestApp;
let dist: string;
let shareId: string;
// Text a project name may hold that would end a <script> early or read as a replacement pattern.
const trickyName = 'T</script><!--$&$1';

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await createTestApp({ config: { webDistDir: dist, basePath: '/cloud/' } });
  const companyId = (await buildCompany(t)).id;
  const admin = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  const projectId = (await buildProject(t, { companyId, name: trickyName })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 1 });
  const taskId = await buildTask(t, admin, { ProjectId: projectId, ItemCodes: ['PL-01'] });
  shareId = (await callRouteOk(t.app, apiRoutes.reports.sharingReport, { TaskId: taskId }, { as: admin }))
    .ShareId;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const sharePage = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/cloud/supplement/taskReportList/${encodeURIComponent(id)}`, headers });

/** The JSON inside the page's data element, read as the browser's parser would (text up to </script>). */
function pageData(html: string): { attributes: string; data: unknown } {
  const match = /<script type="application\/json" id="page-data"([^>]*)>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page-data element');
  return { attributes: match[1] ?? '', data: JSON.parse(match[2] ?? '') };
}

it("carries the shared report in the page, equal to the API's answer in the default language", async () => {
  const response = await sharePage(shareId);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const { attributes, data } = pageData(response.body);
  expect(attributes).toContain(`data-for="/api/share/${shareId}/Report"`);
  expect(attributes).toContain('data-language="zh-CN"');
  const api = await callRouteOk(
    t.app,
    apiRoutes.reports.getSharedReport,
    { ShareId: shareId },
    { lang: 'zh-CN' },
  );
  expect(data).toEqual(api);
  expect((data as { ProjectName: string }).ProjectName).toBe(trickyName);
  // The name's </script> and <!-- stay inside the JSON (escaped), the rest of the page is intact.
  expect(response.body).not.toContain('</script><!--');
  expect(response.body).toContain('<base href="/cloud/" />');
});

it('sends the page gzipped to browsers that accept it', async () => {
  const response = await sharePage(shareId, { 'accept-encoding': 'gzip, deflate, br' });
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(response.headers.vary).toContain('Accept-Encoding');
  const html = gunzipSync(response.rawPayload).toString('utf8');
  expect((pageData(html).data as { ProjectName: string }).ProjectName).toBe(trickyName);
});

it('sends the plain page, cacheable as before, for an unknown share and for other pages', async () => {
  for (const url of [`/cloud/supplement/taskReportList/unknown-share`, '/cloud/measurerobot/login']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('page-data');
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});
