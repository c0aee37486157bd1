import { setImmediate as nextTurn } from 'node:timers/promises';
import { RESULT_LIMITS, resultBatchSchema, resultSiteSchema, type ResultBatch } from '@measure/contract';
import { z } from 'zod';

/** Sites validated or judged per turn of the event loop (about 2,500 values). */
export const SITES_PER_TURN = 25;

const batchHead = resultBatchSchema.omit({ Sites: true });
const siteList = z.array(resultSiteSchema);

/**
 * A big results batch parsed with the contract's own schemas, 25 sites per turn. Undefined when
 * anything is wrong: the route then validates the whole batch in one go, which names every issue
 * (`Sites[3].Readings[0].ItemCode`) exactly as for a small batch.
 */
export async function parseBatchInTurns(body: unknown): Promise<ResultBatch | undefined> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { Sites: sites, ...rest } = body as Record<string, unknown>;
  if (!Array.isArray(sites) || sites.length < 1 || sites.length > RESULT_LIMITS.maxSitesPerBatch) {
    return undefined;
  }
  const head = batchHead.safeParse(rest);
  if (!head.success) return undefined;
  const parsed: ResultBatch['Sites'] = [];
  for (let start = 0; start < sites.length; start += SITES_PER_TURN) {
    if (start > 0) await nextTurn();
    const chunk = siteList.safeParse(sites.slice(start, start + SITES_PER_TURN));
    if (!chunk.success) return undefined;
    parsed.push(...chunk.data);
  }
  return { ...head.data, Sites: parsed };
}
