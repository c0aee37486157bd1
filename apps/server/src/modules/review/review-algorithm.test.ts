import { mkdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiRoutes, rulerOrientation, type TaskDetail } from '@measure/contract';
import { runRobot } from '@measure/robot';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceFiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callRoute, callRouteOk } from '../../../test/call-route.ts';
import {
  assignHouseType,
  buildAdmin,
  buildCompany,
  buildDevice,
  buildHouseType,
  buildProject,
  buildUser,
  type BuiltUser,
} from '../../../test/factories.ts';
import { decodeRgb } from '../../core/images.ts';
import { DeviceFileStore } from '../results/device-file-store.ts';
import { buildTask } from '../../../test/task-factories.ts';

const routes = apiRoutes.review;
let t: TestApp;
let companyId: string;
let reviewer: BuiltUser;
let stranger: BuiltUser;
let taskId: string;
let device: { id: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t)).id;
  reviewer = await buildUser(t, { companyId, roles: ['MeasureAdmin'] });
  stranger = await buildAdmin(t, { companyId: (await buildCompany(t)).id });
  device = await buildDevice(t, { companyId });
  const projectId = (await buildProject(t, { companyId })).id;
  const houseMapId = (await buildHouseType(t, { projectId })).HouseMapId;
  await assignHouseType(t, { projectId, houseMapId, floorFrom: 1, floorTo: 1 });
  taskId = await buildTask(t, reviewer, {
    ProjectId: projectId,
    ItemCodes: ['PL-01', 'PL-02'],
    DeviceGuid: device.id,
  });
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await runRobot({ server, key: device.key, seed: 7, errorRate: 0.4, batchSites: 5 });
}, 60_000);
afterAll(async () => t.close());

const task = () => callRouteOk(t.app, apiRoutes.tasks.getTask, { TaskId: taskId }, { as: reviewer });
const site = (pointIndex: number) =>
  callRouteOk(t.app, routes.getMsPicDto, { TaskId: taskId, PointIndex: pointIndex }, { as: reviewer });
const image = (pointIndex: number, itemCode = 'PL-01', as: BuiltUser = reviewer) =>
  t.app.inject({
    method: 'POST',
    url: routes.genAlgorithmImage.path,
    headers: { authorization: `Bearer ${as.token}` },
    payload: { TaskId: taskId, PointIndex: pointIndex, ItemCode: itemCode },
  });

interface SiteSums {
  pointIndex: number;
  area: number | null;
  values: number;
  exceeding: number;
  excess: number;
}

/**
 * The test's own grinding (domain.md section 9 step 4, the contract's definition), from the stored
 * values in SQL: per site, the valid PL-01 values, those above the frozen standard and their excess.
 */
async function recompute(detail: TaskDetail) {
  const right = detail.Items.find((item) => item.ItemCode === 'PL-01')?.Standard.Right as number;
  const rows = (
    await t.db.execute(sql`
      select r.point_index as "pointIndex", s.area_m2 as area,
        count(*) filter (where u.ok)::int as values,
        count(*) filter (where u.ok and u.v > ${right})::int as exceeding,
        coalesce(sum(u.v - ${right}) filter (where u.ok and u.v > ${right}), 0)::float8 as excess
      from site_readings r
      join task_sites s on s.task_id = r.task_id and s.point_index = r.point_index
      cross join lateral unnest(r.vals, r.valid) as u(v, ok)
      where r.task_id = ${taskId} and r.item_code = 'PL-01'
      group by r.point_index, s.area_m2`)
  ).rows as unknown as SiteSums[];
  const sites = new Map(
    rows.map((row) => {
      const share = row.values > 0 ? row.exceeding / row.values : 0;
      const depth = row.exceeding > 0 ? row.excess / row.exceeding : 0;
      return [row.pointIndex, { ...row, grindingArea: (row.area ?? 0) * share, depth }];
    }),
  );
  let area = 0;
  let grindingArea = 0;
  let volume = 0;
  for (const row of sites.values()) {
    area += row.area ?? 0;
    grindingArea += row.grindingArea;
    volume += row.grindingArea * row.depth;
  }
  return { right, sites, area, grindingArea, volume, toGrind: rows.filter((r) => r.exceeding > 0).length };
}

async function expectGrindingCurrent(): Promise<void> {
  const detail = await task();
  const expected = await recompute(detail);
  const grinding = await callRouteOk(t.app, routes.getTaskGrinding, { TaskId: taskId }, { as: reviewer });
  const totals = {
    Sites: expected.sites.size,
    SitesToGrind: expected.toGrind,
    AreaM2: expect.closeTo(expected.area, 2),
    GrindingAreaM2: expect.closeTo(expected.grindingArea, 2),
    GrindingVolumeL: expect.closeTo(expected.volume, 2),
  };
  expect(grinding.Total).toEqual(totals);
  // PL-02 (verticality) is not a flatness item: only PL-01 is listed.
  expect(grinding.Items).toEqual([
    { ItemCode: 'PL-01', Name: '墙面平整度', StandardMm: expected.right, ...totals },
  ]);
  for (const row of detail.Sites) {
    const view = await site(row.PointIndex);
    const mine = expected.sites.get(row.PointIndex);
    if (!mine) {
      expect(view.Grinding).toEqual([]);
      continue;
    }
    expect(view.Grinding).toEqual([
      {
        ItemCode: 'PL-01',
        Name: '墙面平整度',
        StandardMm: expected.right,
        Values: mine.values,
        Exceeding: mine.exceeding,
        AreaM2: mine.area,
        GrindingAreaM2: expect.closeTo(mine.grindingArea, 2),
        MeanExcessMm: expect.closeTo(mine.depth, 1),
        GrindingVolumeL: expect.closeTo(mine.grindingArea * mine.depth, 2),
      },
    ]);
  }
}

/** Pixels of the heat area (above the legend) of an algorithm image. */
async function heatPixels(png: Buffer) {
  const { width, height, rgb } = await decodeRgb(png);
  const pixels: number[][] = [];
  for (let y = 12; y < height - 64 - 12; y += 1)
    for (let x = 12; x < width - 12; x += 1)
      pixels.push([...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)]);
  return { width, height, rgb, pixels };
}
/**
 * The legend's last line, read back: its pictogram (a ruler: a bar with end marks; else a dot cloud)
 * and whether the number after it is as wide as `digits` digits of the legend's 14 px text (7 to 9 px
 * a digit): the text is drawn in a real font, so its width is what can be read back.
 */
async function sourceLabel(
  png: Buffer,
  digits: number,
): Promise<{ pictogram: 'ruler' | 'cloud'; digits: number }> {
  const { width, height, rgb } = await decodeRgb(png);
  const top = height - 64 + 44;
  const dark = (x: number, y: number) => rgb[(y * width + x) * 3] === 40;
  const inked: number[] = [];
  for (let x = 12 + 34; x < width; x += 1)
    for (let y = top - 2; y < top + 16; y += 1) if ((rgb[(y * width + x) * 3] as number) < 160) inked.push(x);
  const ink = inked.length ? Math.max(...inked) - Math.min(...inked) + 1 : 0;
  const fits = ink >= (digits - 0.5) * 7 && ink <= (digits + 0.5) * 9;
  return {
    pictogram: dark(12, top + 1) && dark(38, top + 1) ? 'ruler' : 'cloud',
    digits: fits ? digits : ink,
  };
}

/** The valid values of PL-01 at a site that have a ruler: the rulers its readings map stands on. */
async function validRulers(pointIndex: number): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from site_readings r
      cross join lateral jsonb_array_elements(r.rulers) with ordinality as e(ruler, i)
    where r.task_id = ${taskId} and r.point_index = ${pointIndex} and r.item_code = 'PL-01' and r.valid[e.i]`);
  return rows.rows[0]?.n ?? 0;
}

const reddish = ([r, g, b]: number[]) => (r as number) > 200 && (g as number) < 110 && (b as number) < 110;
/** Beyond the standard the colour runs from yellow (250, 204, 21) to red; within it green to yellow. */
const beyondStandard = ([r, g]: number[]) => (r as number) >= 220 && (g as number) < 190;

async function siteWithExceeding() {
  const expected = await recompute(await task());
  const found = [...expected.sites.values()].find((row) => row.exceeding > 0 && row.area !== null);
  const calm = [...expected.sites.values()].find((row) => row.exceeding === 0);
  if (!found || !calm)
    throw new Error('the simulated task needs a site above and a site within the standard');
  return { found, calm, right: expected.right };
}

describe('grinding amount and area', () => {
  it('equals a recomputation from the stored readings, per site and for the task', async () => {
    expect((await task()).State).toBe('uploaded');
    await expectGrindingCurrent();
  });

  it('follows a reviewer marking an exceeding value invalid', async () => {
    const { found, right } = await siteWithExceeding();
    const view = await site(found.pointIndex);
    const reading = view.Readings.find((r) => r.ItemCode === 'PL-01');
    const index = reading?.Values.findIndex((v, i) => v > right && reading.Valid[i]) ?? -1;
    expect(index).toBeGreaterThanOrEqual(0);
    await callRouteOk(
      t.app,
      routes.updateRulerSetting,
      { TaskId: taskId, PointIndex: found.pointIndex, ItemCode: 'PL-01', RulerIndex: index, Valid: false },
      { as: reviewer },
    );
    const after = await site(found.pointIndex);
    expect(after.Grinding[0]?.Exceeding).toBe(found.exceeding - 1);
    await expectGrindingCurrent();
  });
});

describe('algorithm image', () => {
  it('draws the deviation heatmap from the readings: red where a value exceeds, none where all are within', async () => {
    const { found, calm } = await siteWithExceeding();
    // The site holding the largest valid value of the task (above the standard).
    const values = await t.db.execute(sql`
      select r.point_index as "pointIndex" from site_readings r cross join lateral unnest(r.vals, r.valid) as u(v, ok)
      where r.task_id = ${taskId} and r.item_code = 'PL-01' and u.ok order by u.v desc limit 1`);
    const hottest = (values.rows[0] as { pointIndex: number }).pointIndex;
    expect(found.pointIndex).toBeGreaterThan(0);
    const hot = await image(hottest);
    expect(hot.statusCode).toBe(200);
    expect(hot.headers['content-type']).toContain('image/png');
    expect(hot.headers['x-algorithm-source']).toBe('readings');
    // Labelled as interpolated from its N valid rulers: in a header and on the legend.
    const rulers = await validRulers(hottest);
    expect(rulers).toBeGreaterThan(1);
    expect(hot.headers['x-algorithm-rulers']).toBe(String(rulers));
    expect(hot.headers['x-algorithm-points']).toBeUndefined();
    const rulerDigits = String(rulers).length;
    expect(await sourceLabel(hot.rawPayload, rulerDigits)).toEqual({
      pictogram: 'ruler',
      digits: rulerDigits,
    });
    expect((await heatPixels(hot.rawPayload)).pixels.some(beyondStandard)).toBe(true);
    const cool = await image(calm.pointIndex);
    expect(cool.statusCode).toBe(200);
    const { pixels, width, height, rgb } = await heatPixels(cool.rawPayload);
    expect(pixels.some(beyondStandard)).toBe(false);
    // The legend below runs from green (0 mm) to red (its upper end).
    const legendRow = height - 64 - 12 + 12 + 8;
    const at = (x: number) => [...rgb.subarray((legendRow * width + x) * 3, (legendRow * width + x) * 3 + 3)];
    expect(at(12)).toEqual([22, 163, 74]);
    expect(reddish(at(width - 14))).toBe(true);
  });

  it('draws from the point cloud where one was uploaded (PCD binary, PLY ascii), else from the readings', async () => {
    const { found, calm } = await siteWithExceeding();
    // A wall 3 m x 2.8 m at y = 2 m facing the scanner at the origin, bulging 12 mm towards it in one
    // corner (x < 1, z > 2): beyond the 4 mm standard there, flat elsewhere.
    const points: number[] = [];
    for (let x = 0; x <= 3; x += 0.02)
      for (let z = 0; z <= 2.8; z += 0.02) points.push(x, x < 1 && z > 2 ? 1.988 : 2, z);
    const count = points.length / 3;
    const pcd = Buffer.concat([
      Buffer.from(
        `# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH ${count}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${count}\nDATA binary\n`,
      ),
      Buffer.from(Float32Array.from(points).buffer),
    ]);
    const lines = [];
    for (let i = 0; i < points.length; i += 3)
      lines.push(`${points[i]} ${points[i + 1]} ${points[i + 2]} 255`);
    const ply = Buffer.from(
      `ply\nformat ascii 1.0\nelement vertex ${count}\nproperty float x\nproperty float y\nproperty float z\nproperty uchar intensity\nend_header\n${lines.join('\n')}\n`,
    );
    const dir = path.join(t.config.dataDir, 'uploads', 'device-files');
    await mkdir(dir, { recursive: true });
    // As a finished tus upload of the device: the file under its id and its device_files row.
    const attach = async (pointIndex: number, id: string, data: Buffer) => {
      await writeFile(path.join(dir, id), data);
      await t.db.insert(deviceFiles).values({
        id,
        companyId,
        deviceId: device.id,
        kind: 'pointcloud',
        fileName: `${id}.bin`,
        size: data.length,
        complete: true,
      });
      await t.db.execute(
        sql`update task_sites set point_cloud_file_id = ${id} where task_id = ${taskId} and point_index = ${pointIndex}`,
      );
    };
    await attach(calm.pointIndex, 'cloud-pcd', pcd);
    {
      const answer = await image(calm.pointIndex);
      expect(answer.headers['x-algorithm-source']).toBe('pointcloud');
      // Labelled as from the point cloud with the points drawn (all of them: fewer than the cap).
      expect(answer.headers['x-algorithm-points']).toBe(String(count));
      expect(answer.headers['x-algorithm-rulers']).toBeUndefined();
      const countDigits = String(count).length;
      expect(await sourceLabel(answer.rawPayload, countDigits)).toEqual({
        pictogram: 'cloud',
        digits: countDigits,
      });
      const { rgb, width } = await heatPixels(answer.rawPayload);
      const colour = (x: number, y: number) => [
        ...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3),
      ];
      // Upper-left (x < 1 m, high up) is the bulge: red; lower-right is flat: green.
      expect(reddish(colour(60, 30))).toBe(true);
      expect(colour(560, 150)).toEqual([22, 163, 74]);
    }
    await attach(found.pointIndex, 'cloud-ply', ply);
    const fromPly = await image(found.pointIndex);
    expect(fromPly.headers['x-algorithm-source']).toBe('pointcloud');
    expect((await heatPixels(fromPly.rawPayload)).pixels.some(reddish)).toBe(true);
    expect(fromPly.headers['x-algorithm-points']).toBe(String(count));
    // A cloud over the 256 MB the reader takes (a sparse file here) is never fetched: its size is
    // read from the store first (a HEAD in S3 mode), and the readings are drawn.
    await truncate(path.join(dir, 'cloud-pcd'), 300 * 1024 * 1024);
    const fetched = vi.spyOn(DeviceFileStore.prototype, 'withLocalFile');
    try {
      const large = await image(calm.pointIndex);
      expect(large.headers['x-algorithm-source']).toBe('readings');
      expect(fetched).not.toHaveBeenCalled();
    } finally {
      fetched.mockRestore();
    }
    // A cloud it cannot read (LAS) falls back to the readings, labelled with their rulers.
    await writeFile(path.join(dir, 'cloud-ply'), Buffer.from('LASF not read here'));
    const fallback = await image(found.pointIndex);
    expect(fallback.headers['x-algorithm-source']).toBe('readings');
    expect(fallback.headers['x-algorithm-rulers']).toBe(String(await validRulers(found.pointIndex)));
  });

  it('refuses other items, unknown sites and other companies, each with its message', async () => {
    const { found } = await siteWithExceeding();
    const refused = async (pointIndex: number, itemCode: string, as: BuiltUser = reviewer) =>
      callRoute(
        t.app,
        routes.genAlgorithmImage,
        { TaskId: taskId, PointIndex: pointIndex, ItemCode: itemCode },
        { as },
      );
    expect(await refused(found.pointIndex, 'PL-02')).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ItemCode', Message: expect.stringContaining('平整度') }],
    });
    expect(await refused(found.pointIndex, 'XX-99')).toMatchObject({
      Code: 400,
      Result: [{ Field: 'ItemCode' }],
    });
    expect(await refused(9999, 'PL-01')).toMatchObject({ Code: 400, Result: [{ Field: 'PointIndex' }] });
    expect(await refused(found.pointIndex, 'PL-01', stranger)).toMatchObject({ Code: 404 });
    expect(
      await callRoute(t.app, routes.getTaskGrinding, { TaskId: taskId }, { as: stranger }),
    ).toMatchObject({ Code: 404 });
  });
});

describe('ShowVerHor', () => {
  it('draws the vertical and horizontal rulers only as asked; diagonal ones always', async () => {
    const detail = await task();
    let chosen: { pointIndex: number; fileId: string; url: string } | undefined;
    for (const row of detail.Sites) {
      const view = await site(row.PointIndex);
      const picture = view.Pictures[0];
      const rulers = view.Readings.flatMap((reading) => reading.Rulers ?? []);
      if (picture && rulers.some((r) => rulerOrientation(r) === 'vertical')) {
        chosen = { pointIndex: row.PointIndex, fileId: picture.FileId, url: picture.AnnotatedUrl };
        break;
      }
    }
    if (!chosen) throw new Error('no site with a picture and a vertical ruler');
    const headers = { authorization: `Bearer ${reviewer.token}` };
    const show = (vertical: boolean, horizontal: boolean, fileId = chosen?.fileId) =>
      t.app.inject({
        method: 'POST',
        url: routes.showVerHor.path,
        headers,
        payload: {
          TaskId: taskId,
          PointIndex: chosen?.pointIndex,
          FileId: fileId,
          Vertical: vertical,
          Horizontal: horizontal,
        },
      });
    const all = await show(true, true);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('image/png');
    // Both shown: the same picture as the annotated one.
    const annotated = await t.app.inject({ method: 'GET', url: chosen.url, headers });
    expect(all.rawPayload.equals(annotated.rawPayload)).toBe(true);
    // RedrawPicture draws the same image again from the stored rulers.
    const redrawn = await t.app.inject({
      method: 'POST',
      url: routes.redrawPicture.path,
      headers,
      payload: { TaskId: taskId, PointIndex: chosen.pointIndex, FileId: chosen.fileId },
    });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.rawPayload.equals(annotated.rawPayload)).toBe(true);
    const noVertical = await show(false, true);
    expect(noVertical.statusCode).toBe(200);
    expect(noVertical.rawPayload.equals(all.rawPayload)).toBe(false);
    // The vertical rulers' pixels are back to the plain picture's without them.
    const plain = await decodeRgb(
      (await t.app.inject({ method: 'GET', url: chosen.url.split('?')[0] as string, headers })).rawPayload,
    );
    const none = await decodeRgb((await show(false, false)).rawPayload);
    const drawn = await decodeRgb(all.rawPayload);
    let differsFromPlain = 0;
    for (let i = 0; i < drawn.rgb.length; i += 1) if (drawn.rgb[i] !== plain.rgb[i]) differsFromPlain += 1;
    let noneDiffers = 0;
    for (let i = 0; i < none.rgb.length; i += 1) if (none.rgb[i] !== plain.rgb[i]) noneDiffers += 1;
    expect(noneDiffers).toBeLessThan(differsFromPlain);
    expect((await show(true, true, 'not-the-site-picture')).json()).toMatchObject({ Code: 404 });
  });
});
