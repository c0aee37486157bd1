import { PlusOutlined } from '@ant-design/icons';
import type { ProjectStandard } from '@measure/contract';
import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerGroups } from './pointTypeForm.ts';

/** Picks enabled items of the project's standards, grouped by stage, that the site type does not have yet. */
export function SiteItemPicker({
  copies,
  taken,
  onAdd,
}: {
  copies: ProjectStandard[];
  taken: ReadonlySet<string>;
  onAdd: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation('project-standards');
  const [chosen, setChosen] = useState<string[]>([]);
  const groups = pickerGroups(copies, taken, i18n.language);
  const none = groups.length === 0;
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 760 }}>
      <Select
        mode="multiple"
        allowClear
        optionFilterProp="label"
        aria-label={t('site.picker.label')}
        placeholder={none ? t('site.picker.none') : t('site.picker.placeholder')}
        disabled={none}
        value={chosen.filter((id) => !taken.has(id))}
        onChange={setChosen}
        options={groups.map((group) => ({ label: group.label, title: group.label, options: group.options }))}
        style={{ flex: 1 }}
      />
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={chosen.length === 0}
        onClick={() => {
          onAdd(chosen.filter((id) => !taken.has(id)));
          setChosen([]);
        }}
      >
        {t('site.picker.add')}
      </Button>
    </Space.Compact>
  );
}
