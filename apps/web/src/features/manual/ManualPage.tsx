import { Anchor, Card, Col, Empty, Input, Row, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelf } from '../auth/self.ts';
import { mayOpen } from '../layout/menu.ts';
import { isMenuPage } from './access.ts';
import enUS from './content/en-US/index.ts';
import type { ManualContent } from './content/types.ts';
import zhCN from './content/zh-CN/index.ts';
import { ManualSectionView, sectionAnchor } from './ManualSectionView.tsx';
import { sectionMatches } from './search.ts';
import { isSectionId, MANUAL_CHAPTERS, MANUAL_SECTIONS, type ManualChapter } from './sections.ts';

const CONTENT: Record<string, ManualContent> = { 'zh-CN': zhCN, 'en-US': enUS };
const chapterAnchor = (chapter: ManualChapter) => `manual-chapter-${chapter}`;

/** Scrolls to an element of the page without touching the address (the router owns it). */
function scrollTo(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * The bundled bilingual user manual: a section per page of the app (sections.ts), grouped in
 * chapters, with contents, a search box that filters sections, and `?section=<id>` to open it at one.
 */
export default function ManualPage() {
  const { t, i18n } = useTranslation('manual');
  const content = CONTENT[i18n.language] ?? zhCN;
  const [params] = useSearchParams();
  const wanted = params.get('section');
  const [keyword, setKeyword] = useState('');
  const self = useSelf();

  const chapters = useMemo(
    () =>
      MANUAL_CHAPTERS.map((chapter) => ({
        chapter,
        sections: MANUAL_SECTIONS.filter(
          (info) => info.chapter === chapter && sectionMatches(content[info.id], keyword),
        ),
      })).filter((group) => group.sections.length > 0),
    [content, keyword],
  );

  useEffect(() => {
    if (isSectionId(wanted)) scrollTo(sectionAnchor(wanted));
  }, [wanted]);

  const search = (
    <Input.Search
      allowClear
      placeholder={t('search')}
      aria-label={t('search')}
      value={keyword}
      onChange={(event) => setKeyword(event.target.value)}
      style={{ width: 240 }}
    />
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={18}>
        <Card title={t('title')} extra={search}>
          <Typography>
            <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
            {chapters.length === 0 && <Empty description={t('noMatch')} />}
            {chapters.map(({ chapter, sections }) => (
              <div key={chapter}>
                <Typography.Title level={3} id={chapterAnchor(chapter)} style={{ scrollMarginTop: 16 }}>
                  {t(`chapter.${chapter}`)}
                </Typography.Title>
                {sections.map((info) => (
                  <ManualSectionView
                    key={info.id}
                    id={info.id}
                    section={content[info.id]}
                    page={info.page ? info.id : undefined}
                    link={
                      info.page &&
                      info.id !== 'userManual' &&
                      isMenuPage(info.id) &&
                      self.data !== undefined &&
                      mayOpen(info.id, self.data)
                    }
                  />
                ))}
              </div>
            ))}
          </Typography>
        </Card>
      </Col>
      <Col xs={0} lg={6}>
        <Card
          size="small"
          title={t('contents')}
          style={{ position: 'sticky', top: 16 }}
          styles={{ body: { maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' } }}
        >
          <Anchor
            affix={false}
            items={chapters.map(({ chapter, sections }) => ({
              key: chapter,
              href: `#${chapterAnchor(chapter)}`,
              title: t(`chapter.${chapter}`),
              children: sections.map((info) => ({
                key: info.id,
                href: `#${sectionAnchor(info.id)}`,
                title: content[info.id].title,
              })),
            }))}
            onClick={(event, link) => {
              event.preventDefault();
              scrollTo(link.href.slice(1));
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
