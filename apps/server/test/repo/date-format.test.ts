import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every date and time the web shows goes through one module, apps/web/src/shared/i18n/dates.ts (one
 * format per language, the company's time zone). The browser's own formatting (toLocale*String,
 * Intl.DateTimeFormat, dayjs' format with a display pattern) picks the browser's zone and the US
 * order, so it is refused everywhere else in apps/web/src.
 */
const root = new URL('../../../../', import.meta.url);
const WEB = 'apps/web/src';
const FORMATTER = 'apps/web/src/shared/i18n/dates.ts';

/**
 * toLocaleString calls on numbers (not dates), each named by its file and the call's receiver. An
 * entry that no longer matches fails the test, so the list only shrinks.
 */
const NUMBER_LOCALE_STRINGS: Record<string, string[]> = {
  'apps/web/src/features/templates/DesignTemplateDialog.tsx': ['STANDARD_LIMITS.designValueMax'],
};

/** The one dayjs pattern allowed outside the formatter: the API's `YYYY-MM-DD` of a picked day. */
const API_DAY_PATTERN = 'YYYY-MM-DD';

interface DateFormatFinding {
  line: number;
  text: string;
  rule: string;
}

/** The date formatting a source file does on its own, with the number calls it is allowed to make. */
function findDateFormatting(source: string, numberReceivers: readonly string[] = []): DateFormatFinding[] {
  const findings: DateFormatFinding[] = [];
  source.split('\n').forEach((text, index) => {
    const found = (rule: string) => findings.push({ line: index + 1, text: text.trim(), rule });
    if (/\.toLocale(Date|Time)String\s*\(/.test(text)) found('toLocaleDateString/toLocaleTimeString');
    for (const match of text.matchAll(/([\w.$\])]+)\.toLocaleString\s*\(/g)) {
      if (!numberReceivers.includes(match[1] ?? '')) found('toLocaleString (a number? list it)');
    }
    if (/Intl\.DateTimeFormat\b/.test(text)) found('Intl.DateTimeFormat');
    // An ISO timestamp cut into text shows UTC, not the company's time.
    if (/\.replace\(\s*['"`]T['"`]/.test(text)) found("replace('T', ...) on an ISO time");
    for (const match of text.matchAll(/\.format\(\s*['"`]([^'"`]*)['"`]/g)) {
      if (match[1] !== API_DAY_PATTERN) found(`format('${match[1]}')`);
    }
  });
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(new URL(`${dir}/`, root), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('web date formatting', () => {
  const files = sourceFiles(WEB).filter((path) => path !== FORMATTER);

  it('flags the browser formatting it is meant to catch', () => {
    const sample = [
      'const a = new Date(value).toLocaleString();',
      'const b = when.toLocaleDateString("zh-CN");',
      'const c = at.toLocaleTimeString();',
      "const d = new Intl.DateTimeFormat('en-US').format(at);",
      "const e = dayjs(at).format('YYYY-MM-DD HH:mm');",
      "const f = day.format('YYYY-MM-DD');",
      "const g = LIMIT.toLocaleString('en-US');",
      "const h = `${at.slice(0, 16).replace('T', ' ')}`;",
    ].join('\n');
    expect(findDateFormatting(sample, ['LIMIT']).map((finding) => finding.line)).toEqual([1, 2, 3, 4, 5, 8]);
  });

  it('finds no date formatting outside the formatter module', () => {
    expect(files).toContain('apps/web/src/features/tasks/TaskDetailPage.tsx');
    const findings = files.flatMap((path) =>
      findDateFormatting(readFileSync(new URL(path, root), 'utf8'), NUMBER_LOCALE_STRINGS[path]).map(
        (finding) => `${path}:${finding.line} ${finding.rule}: ${finding.text}`,
      ),
    );
    expect(findings).toEqual([]);
  });

  it('lists only number calls that still exist', () => {
    for (const [path, receivers] of Object.entries(NUMBER_LOCALE_STRINGS)) {
      const source = readFileSync(new URL(path, root), 'utf8');
      for (const receiver of receivers) expect(source).toContain(`${receiver}.toLocaleString(`);
    }
  });
});
