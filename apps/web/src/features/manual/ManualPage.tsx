import { Anchor, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import enUS from './content/en-US.ts';
import zhCN from './content/zh-CN.ts';

/** The bundled bilingual user manual; both texts are small, so the page carries them directly. */
export default function ManualPage() {
  const { t, i18n } = useTranslation('manual');
  const sections = i18n.language === 'en-US' ? enUS : zhCN;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={18}>
        <Card title={t('title')}>
          <Typography>
            <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
            {sections.map((section) => (
              <section key={section.id} id={`manual-${section.id}`}>
                <Typography.Title level={4}>{section.title}</Typography.Title>
                {section.paragraphs.map((text) => (
                  <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
                ))}
                {section.steps && (
                  <ol>
                    {section.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                )}
              </section>
            ))}
          </Typography>
        </Card>
      </Col>
      <Col xs={0} lg={6}>
        <Card size="small" title={t('contents')}>
          <Anchor
            affix={false}
            items={sections.map((section) => ({
              key: section.id,
              href: `#manual-${section.id}`,
              title: section.title,
            }))}
            onClick={(event, link) => {
              // The router owns the URL: scroll without changing the address.
              event.preventDefault();
              document.querySelector(link.href)?.scrollIntoView({ behavior: 'smooth' });
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
