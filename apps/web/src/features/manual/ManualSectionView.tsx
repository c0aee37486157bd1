import { ROLE_LABELS } from '@measure/contract/permissions';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../shared/i18n/index.ts';
import { needsFeature, rolesOpening } from './access.ts';
import type { ManualSection } from './content/types.ts';

export const sectionAnchor = (id: string) => `manual-${id}`;

interface Props {
  id: string;
  section: ManualSection;
  /** The route path below /measurerobot when the section describes a page. */
  page?: string;
  /** Show the link to the page (a menu page the user may open). */
  link: boolean;
}

/** One section: title, who may open the page, text, fields and buttons, steps, rules and messages. */
export function ManualSectionView({ id, section, page, link }: Props) {
  const { t } = useTranslation('manual');
  const titleId = `${sectionAnchor(id)}-title`;
  return (
    <section id={sectionAnchor(id)} aria-labelledby={titleId} style={{ scrollMarginTop: 16 }}>
      <Typography.Title level={4} id={titleId}>
        {section.title}
      </Typography.Title>
      {page && <Access page={page} link={link} />}
      {section.paragraphs.map((text) => (
        <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
      ))}
      {section.items && (
        <>
          <Typography.Text strong>{t('items')}</Typography.Text>
          <ul>
            {section.items.map(([label, text]) => (
              <li key={label}>
                <Typography.Text strong>{label}</Typography.Text>
                {t('labelSeparator')}
                {text}
              </li>
            ))}
          </ul>
        </>
      )}
      {section.steps && (
        <>
          <Typography.Text strong>{t('steps')}</Typography.Text>
          <ol>
            {section.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      )}
      {section.rules && (
        <>
          <Typography.Text strong>{t('rules')}</Typography.Text>
          <ul>
            {section.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Access({ page, link }: { page: string; link: boolean }) {
  const { t } = useTranslation('manual');
  const language = currentLanguage();
  const roles = page === 'login' ? [] : rolesOpening(page);
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="manual-access">
      <Typography.Text type="secondary">{t('access')}</Typography.Text>
      {page === 'login' ? (
        <Tag>{t('accessPublic')}</Tag>
      ) : (
        roles.map((role) => (
          <Tag key={role} color="blue">
            {ROLE_LABELS[role][language]}
          </Tag>
        ))
      )}
      {needsFeature(page) && <Typography.Text type="secondary">{t('accessFeature')}</Typography.Text>}
      {link && <Link to={`/measurerobot/${page}`}>{t('openPage')}</Link>}
    </Flex>
  );
}
