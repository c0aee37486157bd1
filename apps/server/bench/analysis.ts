/**
 * Benchmark (issue 17, item 7): with 10,000,000 readings in the company, an analysis call takes at
 * most 3x a trivial authenticated call (GetSelf) in the same run; the bench prints the ratios of the
 * median latencies and fails when the quality call's is above 3.
 *
 * The real server runs as `npm start` does (jobs off) on a fresh embedded PostgreSQL with the demo
 * data. Projects, house types and tasks are made through the API (400 tasks over a year: plaster
 * or masonry, self or third-party inspection, one building of 6 floors of 4 households each, three
 * days of measuring). Their sites and readings are generated in the database set-based (1,000 sites
 * a task, 27 values a site over a plaster task's three items, 24 over a masonry task's two, judged in SQL with each task's frozen standard;
 * absolute items only) into the tables ingestion writes, and the rollups are rebuilt by the
 * server's own RollupsRepository, as after ingestion. Then GetSelf and the analysis calls are called
 * one after another, warm, and their latencies compared.
 *
 *   npm run bench -- analysis
 *   ANALYSIS_TASKS=40 npm run bench -- analysis   (a quick run with 1,000,000 readings)
 *   ANALYSIS_SITES=50 npm run bench -- analysis   (the same rollup rows, 20 times fewer readings: quick A/B runs)
 *   ANALYSIS_DIAGNOSE=1 npm run bench -- analysis  (also the plans and timings of single queries)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- analysis   (a V8 CPU profile of the server)
 */
import { performance } from 'node:perf_hooks';
import { COMPANY_TIME_ZONE } from '@measure/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createDatabaseClient } from '../src/db/client.ts';
import { RollupsRepository } from '../src/modules/results/rollups-repository.ts';
import { ok, startBenchServer, type BenchServer } from './support/bench-server.ts';

const TASKS = Number(process.env.ANALYSIS_TASKS ?? 400);
/** ANALYSIS_SITES: fewer sites a task give the same rollup rows (tasks x days) with fewer readings. */
const SITES_PER_TASK = Number(process.env.ANALYSIS_SITES ?? 1000);
const VALUES_PER_SITE_ITEM = { plaster: 9, masonry: 12 } as const;
const CALLS = 200;
const MAX_RATIO = 3;
const PROJECTS = 4;
const BUILDINGS = 4;
const STORIES = 30;

/** A tiny valid PNG (1 x 1) for the house types' plans. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function project(server: BenchServer, token: string, index: number): Promise<string> {
  const { ProjectId } = await ok<{ ProjectId: string }>(
    server.port,
    '/api/ms/Project/Add',
    {
      Name: `分析压测${index}`,
      DetailsInfo: Array.from({ length: BUILDINGS }, (_, b) => ({
        BuildingNumber: `${b + 1}#`,
        Stories: STORIES,
        Households: 4,
        DeliveryStandard: 'fine',
      })),
    },
    token,
  );
  const form = new FormData();
  form.set('ProjectId', ProjectId);
  form.set('Name', '压测户型');
  form.set('FloorArea', '90');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'plan.png');
  const uploaded = await fetch(`http://127.0.0.1:${server.port}/api/ms/Project/HouseMapUpdate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { HouseMapId } = ((await uploaded.json()) as { Result: { HouseMapId: string } }).Result;
  for (let b = 1; b <= BUILDINGS; b += 1) {
    await ok(
      server.port,
      '/api/ms/Project/AssignHouseMapToFloors',
      { ProjectId, HouseMapId, BuildingNumber: `${b}#`, FloorFrom: 1, FloorTo: STORIES },
      token,
    );
  }
  return ProjectId;
}

/** The tasks, through the API; answers each task's id and first measuring day. */
async function tasks(server: BenchServer, token: string, projects: string[]) {
  const made: { id: string; day: string; stage: 'plaster' | 'masonry' }[] = [];
  const today = Date.now();
  for (let index = 0; index < TASKS; index += 1) {
    const stage = index % 3 === 2 ? 'masonry' : 'plaster';
    const firstFloor = ((index * 6) % (STORIES - 5)) + 1;
    const id = await ok<string>(
      server.port,
      '/api/ms/MsTask/AddTask',
      {
        ProjectId: projects[index % projects.length],
        Stage: stage,
        MeasureKind: 'first',
        InspectionKind: index % 4 === 3 ? 'third' : 'self',
        Households: Array.from({ length: 24 }, (_, h) => ({
          BuildingNumber: `${(index % BUILDINGS) + 1}#`,
          Floor: firstFloor + Math.floor(h / 4),
          Household: (h % 4) + 1,
        })),
        ItemCodes: stage === 'plaster' ? ['PL-01', 'PL-02', 'PL-03'] : ['MA-01', 'MA-02'],
      },
      token,
    );
    // Spread over the last year, newest tasks latest.
    const day = new Date(today - Math.round(((TASKS - index) / TASKS) * 362) * 86_400_000);
    made.push({ id, day: day.toISOString().slice(0, 10), stage });
  }
  return made;
}

async function main(): Promise<number> {
  const server = await startBenchServer('analysis', { JOBS: 'false' });
  const client = createDatabaseClient(server.connectionString, { max: 2 });
  try {
    const token = await server.signIn();
    const setUpStarted = performance.now();
    const projects: string[] = [];
    for (let index = 0; index < PROJECTS; index += 1) projects.push(await project(server, token, index));
    const made = await tasks(server, token, projects);
    const db = client.db;
    // Sites: 1,000 a task on its households, over three days from its first day.
    await db.execute(sql`
      insert into task_sites (company_id, task_id, point_index, building_id, building_number, floor, household,
        name, surface, area_m2, measured_at, day, source, version)
      select t.company_id, t.id, s.i, h.building_id, h.building_number, h.floor, h.household,
        '墙 ' || s.i, 'wall', 8.4, m.at, (m.at at time zone ${COMPANY_TIME_ZONE})::date, 'robot', 1
      from tasks t
      join unnest(${sql.param(made.map((task) => task.id))}::uuid[], ${sql.param(made.map((task) => task.day))}::date[])
        as d(task_id, first_day) on d.task_id = t.id
      cross join generate_series(1, ${SITES_PER_TASK}) s(i)
      cross join lateral (
        select * from task_households th where th.task_id = t.id
        order by th.floor, th.household offset (s.i % 24) limit 1) h
      cross join lateral (
        select (d.first_day + ((s.i * 3) / ${SITES_PER_TASK}))::timestamp + interval '1 hour' + (s.i % 400) * interval '1 minute' as at) m`);
    // Readings: per site and item, values judged in SQL with the task's frozen standard.
    await db.execute(sql`
      insert into site_readings (company_id, task_id, point_index, item_code, vals, judged, grades, valid,
        qualified, warning, unqualified, exploded, unjudged, readings)
      select company_id, task_id, point_index, code, vals, vals, grades, valid,
        (select count(*) from unnest(grades) g where g = 0), (select count(*) from unnest(grades) g where g = 1),
        (select count(*) from unnest(grades) g where g = 2), (select count(*) from unnest(grades) g where g = 3),
        0, cardinality(vals)
      from (
        select s.company_id, s.task_id, s.point_index, i->>'Code' code, v.vals,
          (select array_agg(case when x between (i->>'WarnLeft')::float8 and (i->>'WarnRight')::float8 then 0
              when x between (i->>'Left')::float8 and (i->>'Right')::float8 then 1
              when x < (i->>'Left')::float8 - (i->>'Exploded')::float8
                or x > (i->>'Right')::float8 + (i->>'Exploded')::float8 then 3 else 2 end::smallint order by n)
            from unnest(v.vals) with ordinality as u(x, n)) grades,
          array_fill(true, array[cardinality(v.vals)]) valid
        from task_sites s
        join tasks t on t.id = s.task_id
        cross join lateral jsonb_array_elements(t.standard->'Items') i
        cross join lateral (
          select array_agg(round((case when r < 0.9 then r * 3.3 when r < 0.98 then 3 + r * 3 else 10 + r * 10 end)::numeric, 1)::float8) vals
          from (select random() r from generate_series(1,
            case when t.stage = 'plaster' then ${VALUES_PER_SITE_ITEM.plaster}::int else ${VALUES_PER_SITE_ITEM.masonry}::int end
            + 0 * s.point_index)) g) v
        where t.id = any(${sql.param(made.map((task) => task.id))}::uuid[])) r`);
    await db.execute(sql`
      update task_sites s set qualified = r.q, warning = r.w, unqualified = r.u, exploded = r.e, readings = r.n,
        exploded_site = r.e > 0
      from (select task_id, point_index, sum(qualified)::int q, sum(warning)::int w, sum(unqualified)::int u,
              sum(exploded)::int e, sum(readings)::int n
            from site_readings group by task_id, point_index) r
      where r.task_id = s.task_id and r.point_index = s.point_index`);
    await db.execute(
      sql`update tasks set state = 'uploaded' where id = any(${sql.param(made.map((t) => t.id))}::uuid[])`,
    );
    // Rollups, as ingestion leaves them: the server's own rebuild, task by task.
    const owners = await db.execute<{ id: string; company_id: string; project_id: string }>(
      sql`select id, company_id, project_id from tasks where id = any(${sql.param(made.map((t) => t.id))}::uuid[])`,
    );
    const rollups = new RollupsRepository(db);
    for (const task of owners.rows) await rollups.rebuild(task.company_id, task.project_id, task.id, 'all');
    // A company's readings come in over a year, and autovacuum keeps up with them; a bulk load of
    // ten million in minutes would otherwise leave autovacuum catching up (and setting hint bits)
    // while the calls are timed.
    await db.execute(sql`vacuum (analyze)`);
    const counted = await db.execute<{ n: string; rows: string }>(
      sql`select sum(readings)::text n, count(*)::text rows from site_readings`,
    );
    const readings = Number(counted.rows[0]?.n ?? 0);
    console.log(
      `set-up: ${made.length} tasks, ${readings.toLocaleString('en-US')} readings in ${counted.rows[0]?.rows} site readings ` +
        `(${((performance.now() - setUpStarted) / 1000).toFixed(1)} s)`,
    );

    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const yearStart = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    if (process.env.ANALYSIS_DIAGNOSE) await diagnose(client, made[0]!.id, yearStart, end);
    const calls: [string, string, object][] = [
      ['GetSelf (trivial)', '/api/sys/User/GetSelf', {}],
      [
        'GetSQualityAnalysisData, 30 days',
        '/api/ms/statis/GetSQualityAnalysisData',
        { InspectionKind: 'self', StartDate: start, EndDate: end },
      ],
      [
        'GetSQualityAnalysisData, one year',
        '/api/ms/statis/GetSQualityAnalysisData',
        { Stage: 'plaster', StartDate: yearStart, EndDate: end },
      ],
      [
        'GetProjectOverallPassRatePage, one year',
        '/api/ms/statis/GetProjectOverallPassRatePage',
        { InspectionKind: 'self', StartDate: yearStart, EndDate: end },
      ],
      [
        'GetSQualityAnalysisBuildingData, one year',
        '/api/ms/statis/GetSQualityAnalysisBuildingData',
        { Stage: 'plaster', ProjectId: projects[0], StartDate: yearStart, EndDate: end },
      ],
      ['GetStatisticsData, 30 days', '/api/ms/statis/GetStatisticsData', {}],
    ];
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const p99 = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
    const timings = new Map<string, number[]>();
    // Interleaved rounds, so both kinds of call see the same machine.
    for (let round = -20; round < CALLS; round += 1) {
      for (const [label, path, body] of calls) {
        const before = performance.now();
        await ok(server.port, path, body, token);
        const took = performance.now() - before;
        if (round >= 0) timings.set(label, [...(timings.get(label) ?? []), took]);
      }
    }
    const trivial = median(timings.get(calls[0]![0]) ?? []);
    let worstQuality = 0;
    for (const [label] of calls) {
      const times = timings.get(label) ?? [];
      const ratio = median(times) / trivial;
      if (label.startsWith('GetSQualityAnalysisData')) worstQuality = Math.max(worstQuality, ratio);
      console.log(
        `${label}: median ${median(times).toFixed(2)} ms, p99 ${p99(times).toFixed(2)} ms, ratio ${ratio.toFixed(2)}`,
      );
    }
    console.log(
      `analysis / trivial (quality, median) = ${worstQuality.toFixed(2)} with ${readings.toLocaleString('en-US')} readings (goal <= ${MAX_RATIO})`,
    );
    return worstQuality <= MAX_RATIO ? 0 : 1;
  } finally {
    await client.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * ANALYSIS_DIAGNOSE=1: the plans (EXPLAIN ANALYZE) of the quality and household queries, then each
 * repository query of the quality and statistics calls timed on its own (medians of 30).
 */
async function diagnose(
  { db, pool }: ReturnType<typeof createDatabaseClient>,
  taskId: string,
  start: string,
  end: string,
) {
  const { AnalysisRepository } = await import('../src/modules/analysis/analysis-repository.ts');
  const owner = await db.execute<{ company_id: string }>(
    sql`select company_id from tasks where id = ${taskId}`,
  );
  const auth = {
    sessionId: '',
    userId: '',
    companyId: owner.rows[0]!.company_id,
    roles: [],
    permissions: new Set(),
    projectScope: 'company',
  } as never;
  const repository = new AnalysisRepository(db, pool);
  const scope = {
    auth,
    projectId: null,
    stage: 'plaster',
    inspectionKind: null,
    measureKind: null,
    taskKind: null,
    itemCodes: null,
    start,
    end,
  };
  const month = `${end.slice(0, 8)}01`;
  const probes: [string, () => Promise<unknown>][] = [
    [
      'countsBy 5 groupings, year',
      () => repository.countsBy(scope, ['none', 'stage', 'inspectionKind', 'project', 'day']),
    ],
    ['countsBy item, year', () => repository.countsBy(scope, ['item'])],
    [
      'countsBy 6 groupings (quality), year',
      () => repository.countsBy(scope, ['none', 'stage', 'inspectionKind', 'project', 'day', 'item']),
    ],
    ['householdsMeasured, month', () => repository.householdsMeasured(auth, null, month, end)],
    ['taskStates', () => repository.taskStates(auth, null)],
  ];
  const explain = async (text: string, values: unknown[]) => {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return { rows: [] };
  };
  const toText = (query: ReturnType<typeof sql>): [string, unknown[]] => {
    const built = new PgDialect().sqlToQuery(query);
    return [built.sql, built.params];
  };
  const explained = new AnalysisRepository(
    { execute: async (query: ReturnType<typeof sql>) => explain(...toText(query)) } as never,
    { query: ({ text, values }: { text: string; values: unknown[] }) => explain(text, values) } as never,
  );
  await explained.countsBy(scope, ['none', 'stage', 'inspectionKind', 'project', 'day']);
  await explained.countsBy(scope, ['item']);
  await explained.householdsMeasured(auth, null, month, end);
  for (const [label, probe] of probes) {
    const times: number[] = [];
    for (let round = 0; round < 30; round += 1) {
      const before = performance.now();
      await probe();
      times.push(performance.now() - before);
    }
    console.log(`  ${label}: median ${times.sort((a, b) => a - b)[15]!.toFixed(2)} ms`);
  }
}
