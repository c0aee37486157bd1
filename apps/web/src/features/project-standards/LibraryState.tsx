import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryState as State } from './stageForm.ts';

/** How an item of the copy stands against the library, with "take library update" for a changed one. */
export function LibraryState({ state, onTake }: { state: State; onTake?: () => void }) {
  const { t } = useTranslation('project-standards');
  if (state === 'current') return null;
  return (
    <>
      <Tag color={state === 'changed' ? 'gold' : 'default'}>{t(`stage.library.${state}`)}</Tag>
      {state === 'changed' && onTake && (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={onTake}>
          {t('takeUpdate.action')}
        </Button>
      )}
    </>
  );
}
