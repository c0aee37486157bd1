import type { Figures } from '@measure/contract';
import { siteNameOnly } from '@measure/contract/places';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { showDateTime } from '../../shared/i18n/dates.ts';
import { LanguageSwitch } from '../../shared/i18n/LanguageSwitch.tsx';
import { usePlaceText } from '../../shared/i18n/usePlaceText.ts';
import controls from '../../shared/ui/controls.module.css';
import { keepScroll, keptScroll, useSharedReport } from './sharedReportCache.ts';
import styles from './SharedReportPage.module.css';
import './i18n.ts';

/** Shares are read by outsiders anywhere: their times always name the company's zone. */
export const time = (value: string | null) => (value ? showDateTime(value, 'always') : '—');
export const rate = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A row's figures in one line: pass rate first, then the counts. */
export function FigureLine({ figures }: { figures: Figures }) {
  const { t } = useTranslation('reports');
  return (
    <span className={styles.secondary}>
      {t('figures.passRate')} {rate(figures.PassRate)} · {t('figures.qualified')} {figures.Qualified} ·{' '}
      {t('figures.warning')} {figures.Warning} · {t('figures.unqualified')} {figures.Unqualified} ·{' '}
      {t('figures.exploded')} {figures.Exploded}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Labelled values as a description list (label and value pairs). */
function Terms({ className, rows }: { className?: string; rows: [string, ReactNode][] }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The SHA-256 with a copy button (the clipboard needs a secure context: hidden elsewhere). */
function Sha({ sha }: { sha: string }) {
  const { t } = useTranslation('reports');
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <div className={styles.sha}>
      <code data-testid="report-sha">{sha}</code>
      {canCopy && (
        <button
          type="button"
          className={`${controls.button} ${controls.small}`}
          onClick={() => void navigator.clipboard.writeText(sha).then(() => setCopied(true))}
        >
          {t(copied ? 'public.copiedSha' : 'public.copySha')}
        </button>
      )}
    </div>
  );
}

/**
 * The public page of a shared report (`/supplement/taskReportList/:shareId`, no sign-in), laid out
 * for a phone: the task, its figures, items and households, and the SHA-256 of the report PDF.
 * Opened from a QR code on a phone, so plain elements with a CSS module instead of antd: a
 * fraction of the code to download and of the work to render a long list of sites.
 */
export default function SharedReportPage() {
  const { t, i18n } = useTranslation('reports');
  const places = usePlaceText();
  const { shareId = '' } = useParams();
  const { report, failed } = useSharedReport(shareId, i18n.language);
  // Kept alive: coming back from a site restores where the visitor was in the list.
  useEffect(() => {
    if (!report) return;
    window.scrollTo(0, keptScroll(shareId));
    return () => {
      keepScroll(shareId, window.scrollY);
    };
  }, [report, shareId]);
  const base = `/supplement`;
  const share = encodeURIComponent(shareId);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('public.title')}</h1>
        <LanguageSwitch size="small" />
      </header>
      {failed ? (
        <p role="alert" className={styles.notice}>
          {t('public.notFound')}
        </p>
      ) : !report ? (
        <p role="status" aria-busy="true" className={styles.loading}>
          <span className={styles.spinner} aria-hidden="true" />
          {t('public.loading')}
        </p>
      ) : (
        <div className={styles.stack}>
          <section className={styles.card}>
            <Terms
              className={styles.facts}
              rows={[
                [t('public.project'), report.ProjectName],
                [t('public.task'), report.Name],
                [t('public.stage'), report.StageName],
                [t('public.finished'), time(report.FinishedAt)],
                [t('public.audited'), t(report.Audited ? 'audited.yes' : 'audited.no')],
              ]}
            />
          </section>
          <Section title={t('public.figures')}>
            <Terms
              className={styles.stats}
              rows={[
                [t('figures.passRate'), rate(report.Figures.PassRate)],
                [t('figures.total'), report.Figures.Total],
                [t('figures.unqualified'), report.Figures.Unqualified],
                [t('figures.exploded'), report.Figures.Exploded],
                [t('figures.explodedRate'), rate(report.Figures.ExplodedRate)],
              ]}
            />
          </Section>
          <Section title={t('public.items')}>
            <ul className={styles.list}>
              {report.Items.map((item) => (
                <li key={item.ItemCode}>
                  <span className={styles.itemTitle}>{`${item.ItemCode} ${item.Name}`}</span>
                  <FigureLine figures={item.Figures} />
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t('public.households')}>
            <ul className={styles.list}>
              {report.Households.map((row) => (
                <li key={`${row.BuildingNumber}/${row.Floor}/${row.Household}`}>
                  <span className={styles.itemTitle}>{places.place(row)}</span>
                  <FigureLine figures={row.Figures} />
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t('public.sites')}>
            <ul className={styles.list}>
              {report.Sites.map((site) => (
                <li key={site.PointIndex}>
                  <Link
                    className={styles.itemLink}
                    to={`${base}/taskReportDetail/${share}/${site.PointIndex}`}
                  >
                    {t('public.site', {
                      index: site.PointIndex,
                      name: siteNameOnly(site.Name, site),
                      place: places.place(site),
                    })}
                  </Link>
                  <FigureLine figures={site.Figures} />
                </li>
              ))}
            </ul>
          </Section>
          <nav className={styles.links}>
            <Link to={`${base}/tempRjReport/${share}`}>{t('public.compact')}</Link>
            <Link to={`${base}/taskReportThreeDimensional/${share}`}>{t('plan3d.open')}</Link>
            {report.Sha256 && <Link to={`${base}/pdfView?share=${share}`}>{t('public.pdf')}</Link>}
          </nav>
          <Section title={t('public.sha')}>
            {report.Sha256 ? <Sha sha={report.Sha256} /> : <p>{t('public.noSha')}</p>}
            <p className={styles.secondary}>{t('public.shaNote')}</p>
            <p className={styles.secondary}>{t('public.expires', { time: time(report.ExpiresAt) })}</p>
          </Section>
        </div>
      )}
    </main>
  );
}
