import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layers are enforced by eslint.config.js (docs/ARCHITECTURE.md, "Server layout"):
 * routes never import the database or repositories, services never import Drizzle or the schema and
 * build no SQL, repositories never reach a company-owned row by its id alone, and their raw SQL passes
 * the company id (`measure/company-scoped-sql`, company tables read from src/db/schema/). These samples
 * prove the rules fire (and stay quiet on the allowed shapes) with the repository's real configuration;
 * the repositories themselves pass the raw SQL rule, and the few statements that cross companies on
 * purpose are listed with their reason.
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
        "export { tasks } from '../../db/schema/tasks.ts';",
      ].join('\n'),
    );
    expect(found).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'no-restricted-imports', line: 2 },
      { rule: 'no-restricted-syntax', line: 5 },
      { rule: 'no-restricted-imports', line: 7 },
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

const modules = `${root}apps/server/src/modules`;
const sampleRepository = 'apps/server/src/modules/sample/sample-repository.ts';

/** The rule's findings in a sample repository: `members` inside its class (from line 6), then `outside`. */
async function rawSqlProblems(members: string[], outside: string[] = []) {
  const code = [
    "import { and, eq, sql } from 'drizzle-orm';",
    "import type { DbExecutor } from '../../db/database-handle.ts';",
    "import { companies, reportShares, taskSurveyors, tasks, users } from '../../db/schema.ts';",
    'export class SampleRepository {',
    '  constructor(private readonly db: DbExecutor) {}',
    ...members,
    '}',
    ...outside,
    'export const tables = [and, eq, companies, reportShares, taskSurveyors, tasks, users];',
  ].join('\n');
  return (await problems(sampleRepository, code)).map((found) => `${found.line} ${found.rule}`);
}

const repositories = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('-repository.ts'))
  .sort();

describe('raw SQL company scope', () => {
  it('refuses raw statements and whole where conditions on company tables without the company id', async () => {
    const found = await rawSqlProblems(
      [
        '  async a(id: string) {',
        '    return this.db.execute(sql`select * from ${tasks} where id = ${id}`);', // line 7
        '  }',
        '  async b(id: string) {',
        '    return this.db.execute(sql`update task_surveyors set user_id = user_id where task_id = ${id}`);', // 10
        '  }',
        '  async c(id: string) {',
        '    return this.db.execute(sql`delete from ${tasks} where company_id = ${tasks.companyId} and id = ${id}`);', // 13
        '  }',
        '  async d(id: string) {',
        '    return this.db.select().from(reportShares).where(sql`${reportShares.id} = ${id}`);', // 16
        '  }',
      ],
      [
        'export const loose = sql`(select count(*) from ${users} u where u.org_id = ${"x"})`;', // 19
      ],
    );
    expect(found).toEqual([7, 10, 13, 16, 19].map((line) => `${line} measure/company-scoped-sql`));
  });

  it('allows statements that pass the company id, correlated subqueries and tables that are not company data', async () => {
    const found = await rawSqlProblems(
      [
        '  async a(companyId: string, id: string) {',
        '    return this.db.execute(sql`select * from ${tasks} where company_id = ${companyId} and id = ${id}`);',
        '  }',
        '  async b(auth: { companyId: string }, id: string) {',
        '    return this.db.execute(sql`insert into ${taskSurveyors} (company_id, task_id) select ${auth.companyId}, ${id}`);',
        '  }',
        '  async c(companyId: string, id: string) {',
        '    return this.db.select().from(reportShares).where(sql`${reportShares.companyId} = ${companyId} and ${reportShares.id} = ${id}`);',
        '  }',
        '  async d(id: string) {',
        '    return this.db.execute(sql`select * from ${companies} where id = ${id}`);',
        '  }',
      ],
      [
        'export const surveyors = sql`(select count(*) from ${taskSurveyors} s where s.task_id = ${tasks}.id)`;',
        'export const count = sql`count(*) filter (where ${tasks.state} = ${"done"})`;',
      ],
    );
    expect(found).toEqual([]);
  });

  it('finds every repository clean, the statements across companies named with their reason', async () => {
    const results = await eslint.lintFiles(repositories.map((file) => `${modules}/${file}`));
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.ruleId}`),
    );
    expect(problems).toEqual([]);

    const exempt = repositories.flatMap((file) =>
      [
        ...readFileSync(`${modules}/${file}`, 'utf8').matchAll(
          /eslint-disable-next-line measure\/company-scoped-sql(.*)/g,
        ),
      ].map((match) => ({ file, reason: /^ -- \S/.test(match[1] ?? '') })),
    );
    expect(exempt).toEqual([
      { file: 'data-backup/data-backup-repository.ts', reason: true },
      { file: 'devices/devices-repository.ts', reason: true },
      { file: 'notifications/device-offline-repository.ts', reason: true },
      { file: 'operator-console/console-companies-repository.ts', reason: true },
      { file: 'operator-console/console-companies-repository.ts', reason: true },
      { file: 'operator-console/console-companies-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'results/data-pool-export-repository.ts', reason: true },
      { file: 'results/device-files-repository.ts', reason: true },
      { file: 'results/device-files-repository.ts', reason: true },
      { file: 'results/rollups-repository.ts', reason: true },
      { file: 'scans/scan-outputs-repository.ts', reason: true },
      { file: 'scans/scan-outputs-repository.ts', reason: true },
    ]);
  }, 60_000);
});
