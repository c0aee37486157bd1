import { DeleteOutlined } from '@ant-design/icons';
import { Button, type FormListFieldData } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * The last column of an editable list table (the rows of a Form.List shown in a Table): a delete
 * button per row, named by `label(row number)` for screen readers and tests.
 */
export function removeRowColumn(
  label: (row: number) => string,
  remove: (index: number) => void,
  options: { width?: number; disabled?: boolean } = {},
): ColumnType<FormListFieldData> {
  return {
    title: '',
    key: 'remove',
    width: options.width ?? 56,
    render: (_value, field) => (
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label(field.name + 1)}
        disabled={options.disabled}
        onClick={() => remove(field.name)}
      />
    ),
  };
}
