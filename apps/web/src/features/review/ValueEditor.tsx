import { Button, InputNumber, Popover, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The largest absolute value a reading may have (the device API's limit). */
const MAX_VALUE = 20_000;

/**
 * A value that the reviewer may correct: clicking it opens a small form with the new value
 * (UpdateWallRuler); read-only, it is only shown.
 */
export function ValueEditor(props: {
  value: number;
  label: string;
  editable: boolean;
  /** Answers whether the value was saved (the form stays open on a refusal). */
  onSave: (value: number) => Promise<boolean>;
  children: ReactNode;
}) {
  const { value, label, editable, onSave, children } = props;
  const { t } = useTranslation(['review', 'common']);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  if (!editable) return children;
  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    try {
      if (await onSave(draft)) setOpen(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value);
      }}
      title={t('correct.title')}
      content={
        <Space>
          <InputNumber
            aria-label={label}
            value={draft}
            min={-MAX_VALUE}
            max={MAX_VALUE}
            step={0.1}
            autoFocus
            onChange={(next) => setDraft(next)}
            onPressEnter={() => void save()}
          />
          <Button type="primary" loading={saving} disabled={draft === null} onClick={() => void save()}>
            {t('correct.save')}
          </Button>
        </Space>
      }
    >
      <span style={{ cursor: 'pointer' }} title={t('correct.hint')}>
        {children}
      </span>
    </Popover>
  );
}
