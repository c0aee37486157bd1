import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Calls `each` for every item, giving other requests a turn (setImmediate) after every `perTurn`
 * items: a results batch is tens of thousands of values, and judging or encoding them in one go
 * would hold the event loop for tens of milliseconds.
 */
export async function forEachInTurns<T>(
  items: readonly T[],
  perTurn: number,
  each: (item: T, index: number) => void,
): Promise<void> {
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0 && index % perTurn === 0) await nextTurn();
    each(items[index] as T, index);
  }
}

/** `items.map(each)` with a turn for other requests after every `perTurn` items. */
export async function mapInTurns<T, R>(
  items: readonly T[],
  perTurn: number,
  each: (item: T, index: number) => R,
): Promise<R[]> {
  const out: R[] = [];
  await forEachInTurns(items, perTurn, (item, index) => {
    out.push(each(item, index));
  });
  return out;
}
