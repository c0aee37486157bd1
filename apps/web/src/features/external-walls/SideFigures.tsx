import type { Figures } from '@measure/contract';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/**
 * A side's figures in one line (plain elements: the share page shows it on phones): pass rate, sites,
 * and the counts the rate comes from.
 */
export function SideFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation('external-walls');
  const cells: [string, string | number][] = [
    [t('figures.passRate'), figures.PassRate === null ? '—' : `${figures.PassRate.toFixed(2)}%`],
    [t('figures.sites'), figures.Sites],
    [t('figures.judged'), figures.Total],
    [t('grade.qualified'), figures.Qualified],
    [t('grade.warning'), figures.Warning],
    [t('grade.unqualified'), figures.Unqualified],
    [t('grade.exploded'), figures.Exploded],
  ];
  return (
    <dl
      data-testid="facade-figures"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 20px', margin: 0, fontSize: 13 }}
    >
      {cells.map(([label, value]) => (
        <div key={label} style={{ display: 'flex', gap: 6 }}>
          <dt style={{ color: '#8c8c8c' }}>{label}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
