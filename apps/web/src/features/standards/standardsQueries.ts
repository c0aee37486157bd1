/** Query keys of this feature; everything under ['standards'] is invalidated after a change. */
export const STANDARDS_KEY = ['standards'] as const;
export const libraryKey = (filters: object, language: string) =>
  [...STANDARDS_KEY, 'library', language, filters] as const;
export const craftsKey = [...STANDARDS_KEY, 'crafts'] as const;
export const rulesKey = (stage: string, language: string) =>
  [...STANDARDS_KEY, 'rules', language, stage] as const;
