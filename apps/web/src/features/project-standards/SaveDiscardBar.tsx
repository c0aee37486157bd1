import { Button, Space } from 'antd';

interface SaveDiscardBarProps {
  saveText: string;
  discardText: string;
  saving: boolean;
  /** Discard is offered only when something changed. */
  dirty: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/** The buttons under an editable page form: save it, or throw the changes away. */
export function SaveDiscardBar({
  saveText,
  discardText,
  saving,
  dirty,
  onSave,
  onDiscard,
}: SaveDiscardBarProps) {
  return (
    <Space>
      <Button type="primary" loading={saving} onClick={onSave}>
        {saveText}
      </Button>
      <Button disabled={!dirty} onClick={onDiscard}>
        {discardText}
      </Button>
    </Space>
  );
}
