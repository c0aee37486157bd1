import { PlusOutlined } from '@ant-design/icons';
import type { DesignTemplate } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { projectKey } from '../projects/projectForm.ts';
import { DesignTemplateTable } from './DesignTemplateTable.tsx';
import { HouseTypeTemplateTable } from './HouseTypeTemplateTable.tsx';
import { ProjectPageFrame } from './ProjectPageFrame.tsx';
import { useDesignTemplates, useProjectHouseTypes, useTemplateItemOptions } from './templateQueries.ts';
// Registers the namespace before any component of this page renders.
import './i18n.ts';
import { useProjectRowWithCrumb } from '../projects/useProjectRow.ts';
import { queriesState } from '../../shared/table/tableLoading.tsx';

const DesignTemplateDialog = lazy(() => import('./DesignTemplateDialog.tsx'));
const ApplyTemplateDialog = lazy(() => import('./ApplyTemplateDialog.tsx'));

/** What a dialog of this page works on. */
type Dialog =
  | { kind: 'edit'; template: DesignTemplate | null }
  | { kind: 'apply'; houseMapIds: string[]; templateId?: string };

/**
 * `designValueTemplate?projectId=`: a project's design value templates (the default one marked and
 * kept), their items and design values, and which house types use which template. Read-only without
 * `project.detail` or once the project is published.
 */
export default function DesignValueTemplatePage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  return <DesignValueTemplates key={projectId} projectId={projectId} />;
}

function DesignValueTemplates({ projectId }: { projectId: string }) {
  useProjectRowWithCrumb(projectId);
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const templates = useDesignTemplates(projectId);
  const houseTypes = useProjectHouseTypes(projectId);
  const options = useTemplateItemOptions(projectId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
  const close = (changed: boolean) => {
    setDialog(null);
    if (changed) void refresh();
  };

  return (
    <ProjectPageFrame
      projectId={projectId}
      title={t('design.title')}
      lockedHint={t('design.lockedHint')}
      extra={(_project, editable) =>
        editable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!options.data}
            onClick={() => setDialog({ kind: 'edit', template: null })}
          >
            {t('template.create')}
          </Button>
        )
      }
    >
      {(_project, editable) => (
        <>
          <Typography.Paragraph type="secondary">{t('design.help')}</Typography.Paragraph>
          <DesignTemplateTable
            projectId={projectId}
            templates={templates.data ?? []}
            houseTypes={houseTypes.data ?? []}
            query={templates}
            editable={editable && Boolean(options.data)}
            onEdit={(template) => setDialog({ kind: 'edit', template })}
            onChanged={refresh}
          />
          <Divider titlePlacement="start">{t('houseType.title')}</Divider>
          <HouseTypeTemplateTable
            projectId={projectId}
            templates={templates.data ?? []}
            houseTypes={houseTypes.data ?? []}
            query={queriesState(houseTypes, templates)}
            editable={editable && Boolean(templates.data)}
            onApply={(houseMapIds, templateId) => setDialog({ kind: 'apply', houseMapIds, templateId })}
          />
          <Suspense fallback={null}>
            {dialog?.kind === 'edit' && options.data && (
              <DesignTemplateDialog
                projectId={projectId}
                template={dialog.template}
                options={options.data}
                onClose={close}
              />
            )}
            {dialog?.kind === 'apply' && templates.data && houseTypes.data && (
              <ApplyTemplateDialog
                templates={templates.data}
                houseTypes={houseTypes.data}
                initial={{ templateId: dialog.templateId, houseMapIds: dialog.houseMapIds }}
                onClose={close}
              />
            )}
          </Suspense>
        </>
      )}
    </ProjectPageFrame>
  );
}
