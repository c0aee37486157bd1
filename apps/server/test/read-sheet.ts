import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** Calls an Excel export as `token` and answers its first sheet's rows (header first) as plain values. */
export async function readExport(
  t: TestApp,
  url: string,
  token: string,
  body: object,
  language = 'zh-CN',
): Promise<unknown[][]> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
