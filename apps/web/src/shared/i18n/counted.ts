/**
 * The `counted` interpolation format: a number with the noun form its language's plural rules
 * pick, so English says "1 user" and "2 users" from one key (the zh-CN text simply has no forms).
 * In a text: `{{count, counted(one: # user; other: # users)}}`; `#` is the formatted number.
 * Forms are the CLDR categories (zero, one, two, few, many, other); `other` is required.
 */
export function countedFormat(
  value: unknown,
  language: string | undefined,
  options: Record<string, unknown>,
): string {
  const count = typeof value === 'number' ? value : Number(value);
  const number = Number.isFinite(count) ? new Intl.NumberFormat(language).format(count) : String(value);
  if (!Number.isFinite(count)) return number;
  const category = new Intl.PluralRules(language).select(count);
  const form = options[category] ?? options.other;
  return typeof form === 'string' ? form.replaceAll('#', number) : number;
}
