import type { ManualSection } from './content/types.ts';

/** Every text of a section, for the search box. */
function sectionText(section: ManualSection): string {
  return [
    section.title,
    ...section.paragraphs,
    ...(section.steps ?? []),
    ...(section.items ?? []).flat(),
    ...(section.rules ?? []),
  ]
    .join('\n')
    .toLocaleLowerCase();
}

/** Whether a section contains every word of the keyword (case-insensitive); an empty keyword matches all. */
export function sectionMatches(section: ManualSection, keyword: string): boolean {
  const words = keyword.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = sectionText(section);
  return words.every((word) => text.includes(word));
}
