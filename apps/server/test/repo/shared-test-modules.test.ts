import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findingsIn, repoRoot, type SourceRule } from './source-rules.ts';

/**
 * The server's test files share one module registry per worker (`isolate: false` in
 * apps/server/vitest.config.ts), so a file must not change what the next one imports or sees:
 * module mocks and stubbed globals or environment would leak into the files after it. A dependency
 * a test replaces is given as a parameter instead (`openDatabase({ startEmbedded })`).
 */
const RULES: SourceRule[] = [
  { rule: 'vi.mock/vi.doMock (a module mock outlives the file)', pattern: /\bvi\.(do)?[mM]ock\s*\(/g },
  { rule: 'vi.stubGlobal/vi.stubEnv', pattern: /\bvi\.stub(Global|Env)\s*\(/g },
  { rule: 'process.env written', pattern: /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/g },
  { rule: 'process.env deleted', pattern: /\bdelete\s+process\.env\b/g },
];

const serverTests = ['apps/server/src', 'apps/server/test'].flatMap((dir) =>
  readdirSync(new URL(`${dir}/`, repoRoot), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('shared-test-modules.test.ts'))
    .map((name) => `${dir}/${name}`),
);

describe('server test files', () => {
  it('are found', () => {
    expect(serverTests.length).toBeGreaterThan(100);
  });

  it('leave no module mock, stubbed global or changed environment to the next file', () => {
    expect(findingsIn(RULES, serverTests)).toEqual([]);
  });

  it('the rules see what they refuse', () => {
    const source = [
      "vi.mock('./x.ts', () => ({}));",
      "vi.doMock('./y.ts');",
      "vi.stubEnv('TZ', 'UTC');",
      "process.env.DATA_DIR = '/tmp';",
      "process.env['X'] = '1';",
      'delete process.env.TZ;',
      "if (process.env.X === 'on') {}",
    ].join('\n');
    const found = RULES.flatMap(({ pattern }) => [...source.matchAll(pattern)].map((match) => match[0]));
    expect(found).toHaveLength(6);
  });
});
