import type { Language } from './languages.ts';

/**
 * Texts of the data every company starts with (demo and default library: ruler positions,
 * the default algorithm parameter template) in both languages. They are stored as plain text the
 * user may change; while a stored text is still one of these, it is shown in the language on screen.
 */
export const SEEDED_TEXTS: readonly Readonly<Record<Language, string>>[] = [
  { 'zh-CN': '左上 45°', 'en-US': 'upper-left 45°' },
  { 'zh-CN': '右下 45°', 'en-US': 'lower-right 45°' },
  { 'zh-CN': '中部', 'en-US': 'middle' },
  { 'zh-CN': '左端', 'en-US': 'left end' },
  { 'zh-CN': '右端', 'en-US': 'right end' },
  { 'zh-CN': '标准参数', 'en-US': 'Standard parameters' },
  { 'zh-CN': '默认算法参数', 'en-US': 'Default algorithm parameters' },
  { 'zh-CN': '点云降采样体素', 'en-US': 'Point cloud downsampling voxel' },
  { 'zh-CN': '墙面拟合容差', 'en-US': 'Wall fitting tolerance' },
  { 'zh-CN': '最短墙长', 'en-US': 'Shortest wall length' },
  { 'zh-CN': '靠尺长度', 'en-US': 'Ruler length' },
];

/** Stored texts of earlier seeds that carried both languages in one text. */
const LEGACY: Readonly<Record<string, string>> = {
  '默认算法参数 / Default algorithm parameters': '默认算法参数',
};

const BY_TEXT = new Map<string, Readonly<Record<Language, string>>>();
for (const entry of SEEDED_TEXTS) {
  BY_TEXT.set(entry['zh-CN'], entry);
  BY_TEXT.set(entry['en-US'], entry);
}

/** A stored text in `language` when it is a seeded text, else unchanged. */
export function seededText(text: string, language: Language): string {
  const entry = BY_TEXT.get(LEGACY[text] ?? text);
  return entry ? entry[language] : text;
}
