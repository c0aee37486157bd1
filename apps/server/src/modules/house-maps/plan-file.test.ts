import { expect, it } from 'vitest';
import { dxfText } from '../../../test/plan-files.ts';
import { cleanFileName, declaredExtension, parseDxfInWorker } from './plan-file.ts';

it('parses a DXF in a worker thread and refuses a broken one', async () => {
  expect(await parseDxfInWorker(Buffer.from(dxfText(3)))).toEqual({ entities: 4, layers: 1 });
  expect(await parseDxfInWorker(Buffer.from('0\nSECTION\n2\nENTITIES\n0\nLINE\n10\n'))).toBeUndefined();
  expect(await parseDxfInWorker(Buffer.from(''))).toBeUndefined();
});

it('parses several drawings at once, two at a time', async () => {
  const results = await Promise.all(
    Array.from({ length: 5 }, (_, index) => parseDxfInWorker(Buffer.from(dxfText(index + 1)))),
  );
  expect(results.map((result) => result?.entities)).toEqual([2, 3, 4, 5, 6]);
});

it('keeps the event loop free while a large drawing is parsed', async () => {
  const big = Buffer.from(dxfText(80_000));
  expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 5);
  const summary = await parseDxfInWorker(big);
  clearInterval(timer);
  expect(summary?.entities).toBe(80_001);
  expect(ticks).toBeGreaterThan(3);
});

it('knows the kind of a file from its name only as a declaration and cleans names', () => {
  expect(declaredExtension('A.PNG')).toBe('png');
  expect(declaredExtension('a.jpeg')).toBe('jpg');
  expect(declaredExtension('plan.dxf')).toBe('dxf');
  expect(() => declaredExtension('plan.png.exe')).toThrow();
  expect(() => declaredExtension('noextension')).toThrow();
  expect(cleanFileName('..\\..\\etc/pa"ss\u0000wd.png')).toBe('passwd.png');
  expect(cleanFileName('')).toBe('plan');
});
