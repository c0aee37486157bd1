import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Raw SQL in repositories passes the company id (eslint rule `measure/company-scoped-sql`, which reads
 * the `sql` tagged templates and takes the company tables from apps/server/src/db/schema/). These
 * samples prove the rule fires and stays quiet on the allowed shapes; the repositories themselves
 * pass it, and the few statements that cross companies on purpose are listed here with their reason.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const modules = `${root}apps/server/src/modules`;
const samplePath = 'apps/server/src/modules/sample/sample-repository.ts';
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
  await eslint.lintText('', { filePath: `${root}${samplePath}` });
});

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
  const [result] = await eslint.lintText(code, { filePath: `${root}${samplePath}` });
  return (result?.messages ?? []).map((message) => `${message.line} ${message.ruleId}`);
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
      { file: 'notifications/device-offline-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'reports/reports-repository.ts', reason: true },
      { file: 'results/data-pool-export-repository.ts', reason: true },
      { file: 'results/device-files-repository.ts', reason: true },
      { file: 'results/device-files-repository.ts', reason: true },
      { file: 'results/rollups-repository.ts', reason: true },
    ]);
  }, 60_000);
});
