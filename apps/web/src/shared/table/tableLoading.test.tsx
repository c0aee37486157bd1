import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Table } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type QueryState, queriesState, tableLoading } from './tableLoading.tsx';

/** A query's state at each point of its life, as react-query reports it. */
const STATES = {
  firstPageComing: { isPending: true, isFetching: true, fetchStatus: 'fetching' },
  offlineBeforeFirstPage: { isPending: true, isFetching: false, fetchStatus: 'paused' },
  disabled: { isPending: true, isFetching: false, fetchStatus: 'idle' },
  answered: { isPending: false, isFetching: false, fetchStatus: 'idle' },
  refreshing: { isPending: false, isFetching: true, fetchStatus: 'fetching' },
} satisfies Record<string, QueryState>;

const render = (query: QueryState) =>
  renderToStaticMarkup(
    <Table
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      dataSource={[]}
      {...tableLoading(query, <span data-testid="own-empty">none</span>)}
    />,
  );

describe('tableLoading', () => {
  it('shows skeleton rows, no "no data" and no spinner, until the first answer', () => {
    for (const query of [STATES.firstPageComing, STATES.offlineBeforeFirstPage]) {
      const html = render(query);
      expect(html).toContain('data-testid="table-skeleton"');
      expect(html).toContain('ant-skeleton');
      expect(html).not.toContain('own-empty');
      expect(html).not.toContain('ant-spin-spinning');
    }
  });

  it('shows the table’s own empty text once answered or while nothing is asked, the spinner on a refresh', () => {
    for (const query of [STATES.answered, STATES.disabled, STATES.refreshing]) {
      const html = render(query);
      expect(html).not.toContain('table-skeleton');
      expect(html).toContain('data-testid="own-empty"');
    }
    expect(render(STATES.refreshing)).toContain('ant-spin-spinning');
    expect(render(STATES.answered)).not.toContain('ant-spin-spinning');
  });

  it('waits for every query of a table fed by several, ignoring one not asked', () => {
    expect(queriesState(STATES.answered, STATES.firstPageComing)).toMatchObject({ isPending: true });
    expect(queriesState(STATES.answered, STATES.disabled)).toMatchObject({ isPending: false });
    expect(queriesState(STATES.answered, STATES.refreshing)).toEqual({
      isPending: false,
      isFetching: true,
      fetchStatus: 'idle',
    });
  });
});

/**
 * Tables that render rows already in hand, so never wait for a first page: form rows of a dialog or
 * editor, parts of a record the page loaded before rendering them (it shows PageLoading, or the
 * table is rendered only with its data), and a card that shows its own skeleton. Per file: how many,
 * and why. Every other table of the web app takes `tableLoading`.
 */
const ROWS_IN_HAND: Record<string, { tables: number; why: string }> = {
  'features/analysis/QualityView.tsx': { tables: 4, why: 'rendered with the loaded figures' },
  'features/demo-area/DemoTaskDetailPage.tsx': { tables: 3, why: 'page shows PageLoading first' },
  'features/operator-console/OrderDetailDrawer.tsx': {
    tables: 2,
    why: 'lines and history of the loaded order',
  },
  'features/project-standards/SiteItemsEditor.tsx': { tables: 1, why: 'form rows' },
  'features/project-standards/StageEditor.tsx': { tables: 1, why: 'rows of the loaded stage' },
  'features/projects/ProjectDetailPage.tsx': { tables: 1, why: 'buildings of the loaded project' },
  'features/projects/ProjectFormDialog.tsx': { tables: 1, why: 'form rows' },
  'features/reports/ProjectSummaryCard.tsx': { tables: 1, why: 'inside a card with its own skeleton' },
  'features/results/ManualMeasurePage.tsx': { tables: 1, why: 'page shows PageLoading first' },
  'features/review/PlaceFigures.tsx': { tables: 1, why: 'figures of the loaded task' },
  'features/review/SiteReview.tsx': { tables: 1, why: 'page shows PageLoading first' },
  'features/review/TaskDataPage.tsx': { tables: 2, why: 'page shows PageLoading first' },
  'features/review/TaskGrinding.tsx': { tables: 1, why: 'shown only when the answer has rows' },
  'features/standards/MeasureRuleDialog.tsx': { tables: 1, why: 'form rows' },
  'features/standards/StandardsEditor.tsx': { tables: 1, why: 'form rows' },
  'features/tasks/TaskDetailPage.tsx': { tables: 3, why: 'page shows PageLoading first' },
  'features/templates/AlgorithmTemplateDialog.tsx': { tables: 1, why: 'form rows' },
  'features/templates/AlgorithmTemplatePage.tsx': { tables: 1, why: 'expanded row of a loaded template' },
  'features/templates/DesignTemplateDialog.tsx': { tables: 1, why: 'form rows' },
  'features/templates/DesignTemplateTable.tsx': { tables: 1, why: 'expanded row of a loaded template' },
  'features/user-admin/ImportUsersDialog.tsx': { tables: 1, why: 'rows of the read workbook' },
};

const SOURCE = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The opening tags of the `<Table` elements of a source (props and all), by bracket depth. */
function tableTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<Table(?=[\s<>/])/g)) {
    let at = match.index + '<Table'.length;
    if (source[at] === '<') at = source.indexOf('>', at) + 1; // the row type: <Table<Row>
    let depth = 0;
    for (; at < source.length; at += 1) {
      const char = source[at];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    tags.push(source.slice(match.index, at + 1));
  }
  return tags;
}

describe('every table whose rows come from the server', () => {
  it('shows the skeleton until its first page (tableLoading), no loading prop of its own', () => {
    const withoutSkeleton: Record<string, number> = {};
    const ownLoading: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const name = path.relative(SOURCE, file).split(path.sep).join('/');
      for (const tag of tableTags(readFileSync(file, 'utf8'))) {
        if (tag.includes('tableLoading(')) continue;
        withoutSkeleton[name] = (withoutSkeleton[name] ?? 0) + 1;
        if (/\sloading=/.test(tag)) ownLoading.push(name);
      }
    }
    expect(ownLoading).toEqual([]);
    const expected = Object.fromEntries(
      Object.entries(ROWS_IN_HAND).map(([name, { tables }]) => [name, tables]),
    );
    expect(withoutSkeleton).toEqual(expected);
  });

  it('finds the tables of a source, generic row types and arrow functions in props included', () => {
    const source = `
      <Table<Row> rowKey="id" render={(row) => <b>{row.a > 1 ? 'x' : 'y'}</b>} {...tableLoading(list)} />
      <Table size="small" dataSource={rows} />
      <Table.Summary />`;
    const tags = tableTags(source);
    expect(tags).toHaveLength(2);
    expect(tags[0]).toContain('tableLoading(list)');
    expect(tags[1]).toBe('<Table size="small" dataSource={rows} />');
  });
});
