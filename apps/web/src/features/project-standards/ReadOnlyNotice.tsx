import { Alert } from 'antd';
import type { ReadOnlyReason } from './access.ts';

/** Says why the page cannot be changed; nothing when it can. */
export function ReadOnlyNotice({
  reason,
  texts,
}: {
  reason: ReadOnlyReason;
  texts: Record<Exclude<ReadOnlyReason, null>, string>;
}) {
  if (!reason) return null;
  return (
    <Alert
      type={reason === 'published' ? 'warning' : 'info'}
      showIcon
      title={texts[reason]}
      data-testid="read-only-notice"
    />
  );
}
