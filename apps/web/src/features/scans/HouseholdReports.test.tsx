import type { ApartmentReport } from '@measure/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../shared/i18n/index.ts';
import HouseholdReports from './HouseholdReports.tsx';

const TASK_ID = '00000000-0000-4000-8000-0000000000aa';
const FIGURES: ApartmentReport['Figures'] = {
  Qualified: 3,
  Warning: 0,
  Unqualified: 1,
  Exploded: 0,
  Total: 4,
  Unjudged: 0,
  PassRate: 75,
  Sites: 2,
  ExplodedSites: 0,
  ExplodedRate: 0,
};
const ROWS: ApartmentReport[] = [
  {
    BuildingNumber: '1',
    Floor: 2,
    Household: 1,
    Figures: FIGURES,
    ReportId: '00000000-0000-4000-8000-000000000001',
    Status: 'ready',
    HasModelView: true,
  },
  {
    BuildingNumber: '1',
    Floor: 2,
    Household: 2,
    Figures: FIGURES,
    ReportId: null,
    Status: 'queued',
    HasModelView: false,
  },
];

const render = () => {
  const client = new QueryClient();
  client.setQueryData(['reports', 'households', TASK_ID], ROWS);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <HouseholdReports taskId={TASK_ID} />
    </QueryClientProvider>,
  );
};

/** Download buttons of the rendered table, in row order: whether each is disabled. */
const downloadsDisabled = (html: string) =>
  [...html.matchAll(/<button[^>]*data-testid="household-report-download"[^>]*>/g)].map((match) =>
    match[0].includes('disabled=""'),
  );

describe('HouseholdReports', () => {
  it('lists each household with its place, status, 3D mark and a download only when ready (both languages)', async () => {
    await initI18n('en-US');
    const en = render();
    expect(en).toContain('Household reports');
    expect(en).toContain('data-testid="household-reports"');
    expect(en).toContain('data-testid="household-report-status"');
    expect(en).toContain('1 floor 2, household 1');
    expect(en).toContain('>75.00%<');
    expect(en).toContain('>Ready<');
    expect(en).toContain('>Queued<');
    expect(en).toContain('With 3D view');
    expect(en).toContain('>Download<');
    expect(downloadsDisabled(en)).toEqual([false, true]);
    expect(en).toContain('Export to Excel');

    await changeLanguage('zh-CN');
    const zh = render();
    expect(zh).toContain('分户报告');
    expect(zh).toContain('1 2 层 1 户');
    expect(zh).toContain('>已生成<');
    expect(zh).toContain('>排队中<');
    expect(zh).toContain('含三维视图');
    expect(downloadsDisabled(zh)).toEqual([false, true]);
    expect(zh).toContain('导出 Excel');
  });
});
