import { rules } from '@measure/contract';
import { fieldError } from './app-error.ts';

/** A key or path segment made safe to echo back in a Field (the bad characters become U+FFFD). */
const printable = (segment: string) => segment.replace(new RegExp(rules.UNSTORABLE_TEXT, 'gu'), '\ufffd');

/**
 * Refuses (Code 400, `rules.invalidCharacters`, the Field path) any string or key, at any depth,
 * that contains U+0000 or a lone UTF-16 surrogate: PostgreSQL refuses NUL in text and jsonb and
 * lone surrogates in jsonb, and text columns would store U+FFFD in their place. The contract's text
 * rules say the same per field; this walk runs for every route before validation, so no field
 * (an unknown key, a jsonb payload, a multipart field) slips through. Iterative: depth is no risk.
 */
export function assertStorableInput(value: unknown, root = ''): void {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (!rules.isStorableText(current)) throw fieldError(path || 'Body', 'rules.invalidCharacters');
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      // Numbers and booleans (most of a results batch) need no check and no path.
      current.forEach((item, index) => {
        if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
          pending.push({ value: item, path: `${path}[${index}]` });
        }
      });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const childPath = path ? `${path}.${printable(key)}` : printable(key);
      if (!rules.isStorableText(key)) throw fieldError(childPath, 'rules.invalidCharacters');
      pending.push({ value: item, path: childPath });
    }
  }
}
