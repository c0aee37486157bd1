import type { ExternalWallTask, ReportShare } from '@measure/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ShareDialog } from '../reports/ShareDialog.tsx';
import { externalWallSharePath } from './paths.ts';
import { useSideTitle } from './sideTitle.ts';
import './i18n.ts';

/** A side's share page address, under the app's base path. */
const sideUrl = (shareId: string, index: number) =>
  new URL(externalWallSharePath(shareId, index).slice(1), document.baseURI).href;

/**
 * Sharing an external-wall task: a report share (same rules, expiry and revocation) whose sides each
 * open on their own page (`externalWallTaskPreview/{ShareId}/{index}`).
 */
export default function ExternalWallShareDialog(props: { task: ExternalWallTask; onClose: () => void }) {
  const { t } = useTranslation('external-walls');
  const sideTitle = useSideTitle();
  const links = (share: ReportShare) => (
    <div data-testid="facade-share-links">
      <Typography.Text type="secondary">{t('share.sideLinks')}</Typography.Text>
      {props.task.Sides.map((side) => {
        const url = sideUrl(share.ShareId, side.Index);
        return (
          <div key={side.Index}>
            <Typography.Link href={url} target="_blank" rel="noreferrer" copyable={{ text: url }}>
              {sideTitle(side)}
            </Typography.Link>
          </div>
        );
      })}
    </div>
  );
  return <ShareDialog taskId={props.task.TaskId} links={links} onClose={props.onClose} />;
}
