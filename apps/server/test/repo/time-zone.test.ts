import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findingsIn, repoRoot as root, ruleFindings, sourceFiles, type SourceRule } from './source-rules.ts';

/**
 * One time-zone module for server and web: packages/contract/src/dates.ts holds the company's zone
 * (COMPANY_TIME_ZONE) and every zone-aware helper (dayIn, todayIn, wallClock, formatDate, zoneName).
 * Anywhere else, a zone spelled out (`'Asia/Shanghai'`), a constant of one's own, or an
 * Intl.DateTimeFormat / toLocale*String told a `timeZone` is a second copy that drifts: refused.
 * Tests are left out (they name the zone to check the answers).
 */
const THE_MODULE = 'packages/contract/src/dates.ts';
const SOURCES = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/bench',
  'apps/server/scripts',
  'apps/web/src',
  'packages/contract/src',
  'tools/robot/src',
  'e2e/support',
];

const ZONE_REGIONS = 'Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc';
const RULES: SourceRule[] = [
  {
    rule: 'a time zone spelled out',
    pattern: new RegExp(`['"\`](?:${ZONE_REGIONS})/[A-Za-z_+-]+['"\`]`, 'g'),
  },
  {
    rule: 'a time-zone constant of its own',
    pattern: /\b(?:const|let|var)\s+\w*(?:zone|tz)\w*\s*(?::\s*\w+\s*)?=\s*['"`]/gi,
  },
  // The call's parentheses may hold one level of nested calls or objects.
  {
    rule: 'Intl.DateTimeFormat told a timeZone',
    pattern: /Intl\.DateTimeFormat\s*\((?:[^()]|\([^()]*\))*?\btimeZone\b/g,
  },
  { rule: 'toLocale*String told a timeZone', pattern: /\.toLocale\w*String\s*\([^)]*\btimeZone\b/g },
];

export function timeZoneFindings(source: string): string[] {
  return ruleFindings(RULES, source);
}

describe('one time-zone module', () => {
  it('flags the copies it is meant to catch, and not the one module’s uses', () => {
    const sample = [
      "const ZONE = 'Asia/Shanghai';",
      "export const COMPANY_TZ = 'Europe/Berlin';",
      "const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric' });",
      'const text = when.toLocaleString("zh-CN", { timeZone });',
      "const plain = new Intl.DateTimeFormat('en-US').format(at);",
      'const day = dayIn(COMPANY_TIME_ZONE, new Date());',
      'const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;',
      "sql`(${tasks.createdAt} at time zone 'America/New_York')::date`;",
    ].join('\n');
    expect(timeZoneFindings(sample)).toEqual([
      '1 a time zone spelled out',
      '2 a time zone spelled out',
      '8 a time zone spelled out',
      '1 a time-zone constant of its own',
      '2 a time-zone constant of its own',
      '3 Intl.DateTimeFormat told a timeZone',
      '4 toLocale*String told a timeZone',
    ]);
  });

  it('finds the zone and its helpers only in packages/contract/src/dates.ts', () => {
    const files = sourceFiles(SOURCES);
    expect(files).toContain(THE_MODULE);
    expect(files).toContain('apps/web/src/shared/forms/dateShortcuts.ts');
    expect(timeZoneFindings(readFileSync(new URL(THE_MODULE, root), 'utf8')).length).toBeGreaterThan(0);
    expect(
      findingsIn(
        RULES,
        files.filter((path) => path !== THE_MODULE),
      ),
    ).toEqual([]);
  });
});
