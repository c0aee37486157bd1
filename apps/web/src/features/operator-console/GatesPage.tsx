import {
  FEATURE_GATES,
  GATES_WITHOUT_MODULE,
  type ConsoleCompany,
  type FeatureGateName,
} from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { ConsoleTable } from './ConsoleTable.tsx';
import { CONSOLE_KEY, useRefreshConsole } from './consoleQueries.ts';
import './i18n.ts';

/** Each customer company's feature switches; EnabledGj is shown as gating nothing yet. */
export default function GatesPage() {
  const { t } = useTranslation(['operator-console', 'common', 'messages']);
  const refresh = useRefreshConsole();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'companies', { gates: true, page }],
    queryFn: ({ signal }) =>
      callApi(routes.operatorConsole.getCompanyList, { PageSize: 20, CurrentPage: page }, { signal }),
  });

  async function toggle(company: ConsoleCompany, gate: FeatureGateName, on: boolean) {
    setSaving(`${company.CompanyId}.${gate}`);
    try {
      await callApi(routes.operatorConsole.setCompanyGates, {
        CompanyId: company.CompanyId,
        EnabledRobotTask: company.EnabledRobotTask,
        EnabledModeling: company.EnabledModeling,
        EnabledExternalWall: company.EnabledExternalWall,
        EnabledGj: company.EnabledGj,
        [gate]: on,
      });
      notify.success(t('messages:console.gatesSaved'));
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(null);
    }
  }

  const columns: TableColumnsType<ConsoleCompany> = [
    {
      title: t('companies.nameZh'),
      key: 'name',
      width: 220,
      render: (_, company) => `${language === 'en-US' ? company.NameEn : company.NameZh} (${company.Code})`,
    },
    ...FEATURE_GATES.map((gate) => ({
      title: GATES_WITHOUT_MODULE.includes(gate) ? (
        <Tooltip title={t('gates.noModule')}>{t(`gates.${gate}`)} *</Tooltip>
      ) : (
        t(`gates.${gate}`)
      ),
      key: gate,
      width: 140,
      render: (_: unknown, company: ConsoleCompany) => (
        <Switch
          checked={company[gate]}
          loading={saving === `${company.CompanyId}.${gate}`}
          aria-label={`${company.Code} ${t(`gates.${gate}`)}`}
          data-testid={`gate-${company.Code}-${gate}`}
          onChange={(on) => void toggle(company, gate, on)}
        />
      ),
    })),
  ];

  return (
    <Card title={t('gates.title')}>
      <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
        <Alert type="info" showIcon title={t('gates.hint')} />
        <Alert type="warning" showIcon title={`* ${t('gates.EnabledGj')}: ${t('gates.noModule')}`} />
      </Space>
      <ConsoleTable<ConsoleCompany>
        rowKey="CompanyId"
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        pageSize={20}
        scrollX={800}
      />
    </Card>
  );
}
