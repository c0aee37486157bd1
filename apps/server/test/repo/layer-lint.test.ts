import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layers are enforced by eslint.config.js (docs/ARCHITECTURE.md, "Server layout"):
 * routes never import the database or repositories, services never import Drizzle or the schema and
 * build no SQL, repositories never reach a company-owned row by its id alone. These samples prove the
 * rules fire (and stay quiet on the allowed shapes) with the repository's real configuration.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
  // Loading the configuration and the TypeScript parser takes seconds: once, under the hook timeout.
  await eslint.lintText('', { filePath: `${root}apps/server/src/modules/sample/sample-service.ts` });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line }));
}

describe('layer lint rules', () => {
  it('refuses Drizzle, the schema and query building in a service', async () => {
    const found = await problems(
      'apps/server/src/modules/sample/sample-service.ts',
      [
        "import { eq } from 'drizzle-orm';",
        "import { houseMaps } from '../../db/schema.ts';",
        "import type { Database } from '../../db/client.ts';",
        'export async function load(db: Database, id: string) {',
        '  return db.select().from(houseMaps).where(eq(houseMaps.id, id));',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'no-restricted-imports', line: 2 },
      { rule: 'no-restricted-syntax', line: 5 },
    ]);
  });

  it('refuses repositories and the database in a routes file', async () => {
    const found = await problems(
      'apps/server/src/modules/sample/sample-routes.ts',
      [
        "import { SampleRepository } from './sample-repository.ts';",
        "import type { HouseMapRecord } from '../house-maps/house-map-repository.ts';",
        "import type { Database } from '../../db/client.ts';",
        "import { sql } from 'drizzle-orm';",
        'export const parts = [SampleRepository, sql];',
        'export type Parts = [HouseMapRecord, Database];',
      ].join('\n'),
    );
    expect(found).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'no-restricted-imports', line: 2 },
      { rule: 'no-restricted-imports', line: 3 },
      { rule: 'no-restricted-imports', line: 4 },
    ]);
  });

  it('refuses a repository query on a company-owned row by its id alone', async () => {
    const found = await problems(
      'apps/server/src/modules/sample/sample-repository.ts',
      [
        "import { and, eq, inArray } from 'drizzle-orm';",
        "import type { DbExecutor } from '../../db/database-handle.ts';",
        "import { companies, houseMaps } from '../../db/schema.ts';",
        'export class SampleRepository {',
        '  constructor(private readonly db: DbExecutor) {}',
        '  async rename(id: string, name: string) {',
        '    await this.db.update(houseMaps).set({ name }).where(eq(houseMaps.id, id));',
        '  }',
        '  async remove(ids: string[]) {',
        '    await this.db.delete(houseMaps).where(and(inArray(houseMaps.id, ids)));',
        '  }',
        '  async company(companyId: string) {',
        '    return this.db.select().from(companies).where(eq(companies.id, companyId));',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      { rule: 'measure/company-scoped-where', line: 7 },
      { rule: 'measure/company-scoped-where', line: 10 },
    ]);
  });

  it('allows the layered shapes', async () => {
    const service = await problems(
      'apps/server/src/modules/sample/sample-service.ts',
      [
        "import type { Database } from '../../db/client.ts';",
        "import type { StoredItem } from '../../db/json-types.ts';",
        "import { SampleRepository } from './sample-repository.ts';",
        'export class SampleService {',
        '  constructor(private readonly deps: { db: Database }) {}',
        '  async rename(companyId: string, id: string, name: string, items: StoredItem[]) {',
        '    await this.deps.db.transaction(async (tx) => {',
        '      await new SampleRepository(tx).rename(companyId, id, name, items);',
        '    });',
        '  }',
        '}',
      ].join('\n'),
    );
    const routes = await problems(
      'apps/server/src/modules/sample/sample-routes.ts',
      [
        "import type { Services } from '../../services.ts';",
        'export const register = (services: Services) => services.houseMaps;',
      ].join('\n'),
    );
    const repository = await problems(
      'apps/server/src/modules/sample/sample-repository.ts',
      [
        "import { and, eq } from 'drizzle-orm';",
        "import type { DbExecutor } from '../../db/database-handle.ts';",
        "import { houseMaps } from '../../db/schema.ts';",
        'export class SampleRepository {',
        '  constructor(private readonly db: DbExecutor) {}',
        '  async rename(companyId: string, id: string, name: string) {',
        '    await this.db',
        '      .update(houseMaps)',
        '      .set({ name })',
        '      .where(and(eq(houseMaps.companyId, companyId), eq(houseMaps.id, id)));',
        '  }',
        '}',
      ].join('\n'),
    );
    expect({ service, routes, repository }).toEqual({ service: [], routes: [], repository: [] });
  });
});
