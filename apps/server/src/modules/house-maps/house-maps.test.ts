/** House-map API tests: uploading plan files (PNG, JPEG, DXF), validation, replacing files. */
import type { HouseMapRow, PageResult, ProjectRow } from '@measure/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { bigPng, jpegBytes, pngBytes } from '../../../test/plan-files.ts';

import {
  useHouseMapTestApp,
  storedFiles,
  upload,
  post,
  newProject,
  png,
  dxf,
  newHouseMap,
  rowsOf,
} from '../../../test/house-maps.ts';

const context = useHouseMapTestApp();
let t: TestApp;
let admin: string;
let sequence = 0;
beforeAll(() => {
  ({ t, admin } = context);
});

describe('uploads', () => {
  it('accepts a PNG, stores it under a generated name and serves the same bytes inline', async () => {
    const projectId = await newProject();
    const file = png();
    const row = await newHouseMap(projectId, '三室两厅_A', file);
    expect(row).toMatchObject({
      MapType: 'image',
      Width: 40,
      Height: 30,
      FloorArea: 89.5,
      StandardFloor: true,
      FileName: 'plan.png',
      Status: 0,
    });
    const files = await storedFiles();
    expect(files.some((name) => /^[0-9a-f-]{36}\.png$/.test(name))).toBe(true);
    expect(files.some((name) => name.endsWith('.tmp'))).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/GetHouseMapBase',
      payload: { id: row.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain('inline; filename="plan.png"');
    expect(response.rawPayload.equals(file.data)).toBe(true);
  });

  it('accepts a tiny DXF and downloads it as an attachment with the same bytes', async () => {
    const projectId = await newProject();
    const file = dxf();
    const row = await newHouseMap(projectId, 'DXF户型', file);
    expect(row).toMatchObject({ MapType: 'dxf', Width: null, ContentType: 'image/vnd.dxf' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ms/Project/DownloadDxfById',
      payload: { HouseMapId: row.HouseMapId },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toBe('image/vnd.dxf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__.dxf"; filename*=UTF-8''${encodeURIComponent('图纸.dxf')}`,
    );
    expect(response.rawPayload.equals(file.data)).toBe(true);
    const image = await newHouseMap(projectId);
    expect((await post('/api/ms/Project/DownloadDxfById', { id: image.HouseMapId })).Code).toBe(400);
  });

  it('accepts a JPEG (.jpg or .jpeg) and serves it as image/jpeg', async () => {
    const projectId = await newProject();
    for (const name of ['plan.jpg', 'PLAN.JPEG']) {
      const row = await newHouseMap(projectId, `J${++sequence}`, {
        name,
        data: jpegBytes(),
        type: 'image/jpeg',
      });
      expect(row).toMatchObject({ MapType: 'image', ContentType: 'image/jpeg', Width: 48, Height: 32 });
    }
    expect((await storedFiles()).filter((name) => name.endsWith('.jpg')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad files, each with its own message, storing nothing', async () => {
    const projectId = await newProject();
    const before = await storedFiles();
    const fields = { ProjectId: projectId, Name: '坏文件', FloorArea: '50' };
    const cases: Array<[{ name: string; data: Buffer; type?: string }, string]> = [
      [
        { name: 'fake.png', data: Buffer.from('this is plain text, not an image at all') },
        'The file content is not a valid PNG image',
      ],
      [{ name: 'big.png', data: bigPng(6 * 1024 * 1024) }, 'The image must not be larger than 5 MB'],
      [
        {
          name: 'broken.dxf',
          data: Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n10\n'),
          type: 'application/dxf',
        },
        'The DXF file cannot be read; check the file',
      ],
      [{ name: 'plan.gif', data: Buffer.from('GIF89a') }, 'Only jpg, jpeg, png or dxf files can be uploaded'],
      [
        { name: 'plan.jpg', data: pngBytes(), type: 'image/jpeg' },
        'The file content is not a valid JPEG image',
      ],
      [
        { name: 'plan.png', data: pngBytes(), type: 'image/jpeg' },
        'The file content is not a valid PNG image',
      ],
    ];
    cases.push([
      { name: 'huge.dxf', data: Buffer.alloc(50 * 1024 * 1024 + 1, 0x20), type: 'application/dxf' },
      'The DXF file must not be larger than 50 MB',
    ]);
    for (const [file, message] of cases) {
      const response = await upload(admin, fields, file, { lang: 'en-US' });
      expect(response, file.name).toMatchObject({ Code: 400, Message: message });
    }
    expect((await upload(admin, { ...fields, MapType: 'dxf' }, png(), { lang: 'en-US' })).Message).toBe(
      'The map type does not match the file',
    );
    expect((await upload(admin, fields, undefined, { lang: 'en-US' })).Message).toBe(
      'Choose a floor plan file (jpg, jpeg, png or dxf)',
    );
    const chinese = await upload(admin, fields, { name: 'fake.png', data: Buffer.from('text') });
    expect(chinese.Message).toBe('文件内容不是有效的 PNG 图片');
    expect(await storedFiles()).toEqual(before);
    expect((await rowsOf(projectId)).houseMaps).toBe(0);
  });

  it('validates the name, the floor area and uniqueness on both sides of each limit', async () => {
    const projectId = await newProject();
    const base = { ProjectId: projectId, FloorArea: '80' };
    expect((await upload(admin, { ...base, Name: 'a'.repeat(20) }, png())).Code).toBe(0);
    expect((await upload(admin, { ...base, Name: 'b'.repeat(21) }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '户型 A' }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '户型-A' }, png())).Code).toBe(400);
    expect((await upload(admin, { ...base, Name: '' }, png())).Code).toBe(400);
    const duplicate = await upload(admin, { ...base, Name: 'A'.repeat(20) }, png(), { lang: 'en-US' });
    expect(duplicate).toMatchObject({
      Code: 409,
      Message: 'The house type already exists; choose another name',
    });
    for (const [area, code] of [
      ['1', 400],
      ['1.01', 0],
      ['1.005', 400],
      ['0.5', 400],
      ['', 400],
      ['abc', 400],
      ['120.25', 0],
    ] as const) {
      const response = await upload(admin, { ...base, Name: `面积${++sequence}`, FloorArea: area }, png());
      expect(response.Code, `area ${area}`).toBe(code);
    }
    const withoutArea = await upload(admin, { ProjectId: projectId, Name: '无面积' }, png(), {
      lang: 'en-US',
    });
    expect(withoutArea.Result).toEqual([{ Field: 'FloorArea', Message: 'This field is required' }]);
    expect((await rowsOf(projectId)).houseMaps).toBe(3);
    expect((await storedFiles()).length).toBeGreaterThanOrEqual(3);
  });

  it('updates fields without a file and replaces the file (the old one is removed)', async () => {
    const projectId = await newProject();
    const row = await newHouseMap(projectId);
    const before = await storedFiles();
    const json = await post<HouseMapRow>('/api/ms/Project/HouseMapUpdate', {
      HouseMapId: row.HouseMapId,
      ProjectId: projectId,
      Name: '改名户型',
      FloorArea: 99.99,
      StandardFloor: false,
    });
    expect(json.Result).toMatchObject({ Name: '改名户型', FloorArea: 99.99, StandardFloor: false });
    const replaced = await upload(
      admin,
      { HouseMapId: row.HouseMapId, ProjectId: projectId, Name: '改名户型', FloorArea: '99.99' },
      dxf(),
    );
    expect(replaced.Result.MapType).toBe('dxf');
    const after = await storedFiles();
    expect(after.length).toBe(before.length);
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it('answers the fms alias like HouseMapUpdate', async () => {
    const projectId = await newProject();
    const response = await upload(admin, { ProjectId: projectId, Name: 'FMS户型', FloorArea: '60' }, png(), {
      url: '/api/fms/Project/AddHouseMap',
    });
    expect(response.Result.Name).toBe('FMS户型');
    const list = await post<PageResult<ProjectRow>>('/api/fms/Project/GetList', { ProjectId: projectId });
    expect(list.Result.Items.map((item) => item.ProjectId)).toEqual([projectId]);
  });
});
