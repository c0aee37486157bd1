/** A server field name such as `Classes[0].Standards[1].Left` as path segments: ['Classes', 0, 'Standards', 1, 'Left']. */
export function parseFieldPath(field: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const part of field.split('.')) {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return [field];
    if (match[1]) segments.push(match[1]);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}
