import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One name per feature: the server module folder, the contract route file(s) (`routes/<feature>.ts`
 * or `routes/<feature>.<part>.ts`) and the web feature folder carry the same kebab-case name.
 */
const root = new URL('../../../../', import.meta.url);
const dirs = (path: string) =>
  readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Features that exist in fewer than three trees, and why. */
const ONLY_IN = {
  /** Server-only: the audit log is written by other features and has no calls of its own. */
  audit: ['server'],
  /** Liveness and readiness probes for operators; no page. */
  system: ['server', 'contract'],
  /** The live event stream: the web reads it in shared code (every page), not in a page of its own. */
  events: ['server', 'contract'],
  /** The app shell (menu, top bar, tabs, not-found and no-access pages) and the user manual. */
  layout: ['web'],
  manual: ['web'],
} as const satisfies Record<string, readonly ('server' | 'contract' | 'web')[]>;

const KEBAB = /^[a-z]+(-[a-z]+)*$/;

function trees() {
  const server = dirs('apps/server/src/modules/');
  const web = dirs('apps/web/src/features/');
  const contract = [
    ...new Set(
      readdirSync(new URL('packages/contract/src/routes/', root))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts')
        // Helpers the route files share, not features.
        .filter((name) => !['define.ts', 'list-export.ts', 'file-answers.ts'].includes(name))
        .map((name) => name.split('.')[0] as string),
    ),
  ];
  return { server, contract, web };
}

describe('feature names', () => {
  it('are kebab-case in every tree', () => {
    for (const [tree, names] of Object.entries(trees())) {
      for (const name of names) expect(name, `${tree}: ${name}`).toMatch(KEBAB);
    }
  });

  it('are the same in the server, the contract and the web', () => {
    const found = trees();
    const all = new Set([...found.server, ...found.contract, ...found.web]);
    const mismatches: string[] = [];
    for (const feature of all) {
      const expected: readonly string[] = (ONLY_IN as Record<string, readonly string[]>)[feature] ?? [
        'server',
        'contract',
        'web',
      ];
      for (const tree of ['server', 'contract', 'web'] as const) {
        const present = found[tree].includes(feature);
        if (present !== expected.includes(tree)) {
          mismatches.push(`${feature}: ${present ? 'unexpected' : 'missing'} in ${tree}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
