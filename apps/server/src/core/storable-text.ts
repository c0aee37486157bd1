import { rules } from '@measure/contract';
import { fieldError } from './app-error.ts';

/** A key or path segment made safe to echo back in a Field (the bad characters become U+FFFD). */
const printable = (segment: string) => segment.replace(new RegExp(rules.UNSTORABLE_TEXT, 'gu'), '\ufffd');

/** A place in the input: its parent and its key or index; the path is spelled out only for an error. */
interface Place {
  parent: Place | null;
  segment: string | number;
}

function pathOf(place: Place | null, root: string): string {
  const segments: (string | number)[] = [];
  for (let at = place; at !== null; at = at.parent) segments.push(at.segment);
  let path = root;
  for (const segment of segments.reverse()) {
    path =
      typeof segment === 'number'
        ? `${path}[${segment}]`
        : path
          ? `${path}.${printable(segment)}`
          : printable(segment);
  }
  return path;
}

/**
 * Refuses (Code 400, `rules.invalidCharacters`, the Field path) any string or key, at any depth,
 * that contains U+0000 or a lone UTF-16 surrogate: PostgreSQL refuses NUL in text and jsonb and
 * lone surrogates in jsonb, and text columns would store U+FFFD in their place. The contract's text
 * rules say the same per field; this walk runs for every route before validation, so no field
 * (an unknown key, a jsonb payload, a multipart field) slips through. Iterative: depth is no risk.
 * Paths are built only for the refusal: a results batch has tens of thousands of places.
 */
export function assertStorableInput(value: unknown, root = ''): void {
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value, place: null }];
  while (pending.length > 0) {
    const { value: current, place } = pending.pop() as { value: unknown; place: Place | null };
    if (typeof current === 'string') {
      if (!rules.isStorableText(current))
        throw fieldError(pathOf(place, root) || 'Body', 'rules.invalidCharacters');
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      // Numbers and booleans (most of a results batch) need no check and no place.
      for (let index = 0; index < current.length; index += 1) {
        const item: unknown = current[index];
        if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
          pending.push({ value: item, place: { parent: place, segment: index } });
        }
      }
      continue;
    }
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      const child = { parent: place, segment: key };
      if (!rules.isStorableText(key)) throw fieldError(pathOf(child, root), 'rules.invalidCharacters');
      const item = (current as Record<string, unknown>)[key];
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
        pending.push({ value: item, place: child });
      }
    }
  }
}
