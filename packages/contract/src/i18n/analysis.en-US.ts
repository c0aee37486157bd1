import type { analysisMessagesZhCN } from './analysis.zh-CN.ts';

/** Analysis messages (English), typed against the Chinese keys. */
export const analysisMessagesEnUS: Record<keyof typeof analysisMessagesZhCN, string> = {
  'analysis.scopeRequired': 'Choose at least a stage, an inspection kind or a measure item',
  'analysis.dateRequired': 'Choose a start date or an end date',
  'analysis.dateOrder': 'The end date cannot be before the start date',
  'analysis.rangeTooLong': 'The date range cannot be longer than 5 years',
  'analysis.bandRange': 'A rating band must be between 0 and 100',
  'analysis.bandOrder': 'The "middle" band cannot be above the "high" band',
  'analysis.projectNotVisible': 'The project does not exist or is outside the projects you may see',
  'analysis.itemNotOfStage': 'Measure item {code} is not an item of the chosen stage',
};
