import { resultBatchSchema } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import { parseBatchInTurns } from './batch-in-turns.ts';

const site = (index: number) => ({
  PointIndex: index,
  BuildingNumber: ' 1# ',
  Floor: 1,
  Household: 1,
  Name: `墙 ${index}`,
  MeasuredAt: '2026-11-22T09:30:00Z',
  Unknown: 'dropped',
  Readings: [{ ItemCode: 'PL-01', Values: [1, 2.5, index] }],
});
const batch = (sites: unknown[]) => ({ Source: 'robot', ModelFileId: null, Sites: sites });

describe('a big results batch parsed in turns', () => {
  it('answers what the contract schema parses in one go (trimmed, unknown keys dropped), over several turns', async () => {
    const body = batch(Array.from({ length: 60 }, (_, index) => site(index + 1)));
    const parsed = await parseBatchInTurns(body);
    expect(parsed).toEqual(resultBatchSchema.parse(body));
    expect(parsed?.Sites[59]?.BuildingNumber).toBe('1#');
  });

  it('answers undefined for anything the schema refuses, so the route reports it as usual', async () => {
    const good = Array.from({ length: 60 }, (_, index) => site(index + 1));
    const bad = [
      batch([...good.slice(0, 57), { ...site(58), Floor: 'x' }]),
      batch([]),
      { ...batch(good), Source: 'drone' },
      { Sites: 'none' },
      [good],
      null,
    ];
    for (const body of bad)
      expect(await parseBatchInTurns(body), JSON.stringify(body).slice(0, 80)).toBeUndefined();
  });
});
