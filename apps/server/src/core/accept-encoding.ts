/**
 * Whether an `Accept-Encoding` header (RFC 9110 section 12.5.3) takes `coding`: named, or `*`,
 * with a weight above 0 (`br;q=0` refuses it). No header: only the identity coding.
 */
export function acceptsEncoding(header: string | string[] | undefined, coding: string): boolean {
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => {
      const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
      const weight = params.find((param) => param.startsWith('q='));
      return { name, q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((entry) => entry.name !== '');
  const named = entries.find((entry) => entry.name === coding);
  const chosen = named ?? entries.find((entry) => entry.name === '*');
  return chosen !== undefined && Number.isFinite(chosen.q) && chosen.q > 0;
}
