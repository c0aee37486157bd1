/**
 * PostgreSQL array literals of readings, built for the ingest hot path: a batch carries tens of
 * thousands of values and turning doubles into text is most of the JavaScript it costs.
 */

/**
 * A number as `String(value)` writes it. Readings mostly have one decimal; for those the digits come
 * from integer arithmetic (small integers are cached strings in V8), several times faster than
 * the general double-to-text conversion, and `tenths / 10 === value` proves the text is exact.
 */
export function numberText(value: number): string {
  const tenths = Math.round(value * 10);
  if (tenths / 10 !== value || tenths > 1e9 || tenths < -1e9 || Object.is(value, -0)) return String(value);
  const magnitude = tenths < 0 ? -tenths : tenths;
  const whole = Math.floor(magnitude / 10);
  const tenth = magnitude - whole * 10;
  const digits = tenth === 0 ? `${whole}` : `${whole}.${tenth}`;
  return tenths < 0 ? `-${digits}` : digits;
}

/**
 * `{1.5,2,-0.3}` or `{true,false}`; null stays null. The parts are joined once: appending to a
 * string would leave a chain of cons-strings per literal for the young-generation GC to copy, which
 * made scavenges of a 25,000-value batch several times longer.
 */
export function arrayLiteral(values: readonly (number | boolean)[] | null): string | null {
  if (values === null) return null;
  const parts = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] as number | boolean;
    parts[index] = typeof value === 'number' ? numberText(value) : value ? 't' : 'f';
  }
  return `{${parts.join(',')}}`;
}

/**
 * A `text[]` literal of array literals, one per row (cast per row to `float8[]` etc. in SQL). The
 * inner literals hold digits, signs, dots, commas, braces, e and t/f only, so quoting them needs no
 * escaping; passing this one string spares the driver's per-character escape of every element.
 */
export function literalColumn(literals: readonly (string | null)[]): string {
  return `{${literals.map((literal) => (literal === null ? 'NULL' : `"${literal}"`)).join(',')}}`;
}

/** Whether two arrays hold the same numbers (judged values equal the measured ones for absolute items). */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
