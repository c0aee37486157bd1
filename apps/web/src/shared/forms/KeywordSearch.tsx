import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkValue } from './zodRule.ts';

/**
 * A list page's keyword search. The keyword is checked with the field's contract schema; a keyword
 * that is too long shows spec section 5's "Query conditions cannot exceed {0} characters" and is
 * not searched. `onSearch` receives the trimmed keyword.
 */
export function KeywordSearch(props: {
  schema: z.ZodType;
  max: number;
  placeholder: string;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation('common');
  const [error, setError] = useState<string | null>(null);
  const search = (value: string) => {
    const tooLong = checkValue(props.schema, value) !== null;
    setError(tooLong ? t('search.tooLong', { max: props.max }) : null);
    if (!tooLong) props.onSearch(value.trim());
  };
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error}>
      <Input.Search
        allowClear
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        enterButton
        onSearch={search}
        style={{ width: 320 }}
      />
    </Form.Item>
  );
}
