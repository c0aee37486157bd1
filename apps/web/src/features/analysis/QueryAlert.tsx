import { Alert } from 'antd';
import { isApiError } from '../../shared/api/errors.ts';

/** A failed analysis call: the server's message (the filter rule it broke), and its field problems. */
export function QueryAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = isApiError(error) ? error.fieldErrors.map((field) => field.Message) : [];
  const description = fields.filter((text) => text !== message).join('；');
  return <Alert type="error" showIcon title={message} description={description || undefined} />;
}
