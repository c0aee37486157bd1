import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors.ts';

export type PageStatus = 'loading' | 'missing' | 'error' | 'ready';

/** The status of a page from its queries: any failure first, then anything still loading. */
export function pageStatus(queries: readonly { isPending: boolean; isError: boolean; error: unknown }[]): {
  status: PageStatus;
  error: unknown;
} {
  const failed = queries.find((query) => query.isError);
  if (failed) {
    const notFound = isApiError(failed.error) && failed.error.code === 404;
    return { status: notFound ? 'missing' : 'error', error: failed.error };
  }
  return { status: queries.some((query) => query.isPending) ? 'loading' : 'ready', error: null };
}

/** A skeleton while loading; "not found" or the server's message, with a way back, when it failed. */
export function PageState({
  status,
  error,
  missingText,
  backTo,
  backText,
}: {
  status: Exclude<PageStatus, 'ready'>;
  error?: unknown;
  missingText: string;
  backTo: string;
  backText: string;
}) {
  const { t } = useTranslation('project-standards');
  const navigate = useNavigate();
  if (status === 'loading') {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <Result
      status={status === 'missing' ? '404' : 'error'}
      title={status === 'missing' ? missingText : t('common.loadFailed')}
      subTitle={status === 'error' && isApiError(error) ? error.message : undefined}
      extra={<Button onClick={() => navigate(backTo)}>{backText}</Button>}
    />
  );
}
