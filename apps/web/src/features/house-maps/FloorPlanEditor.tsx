import { LockOutlined, SaveOutlined } from '@ant-design/icons';
import type { HouseMapDetail, PointType, ProjectRow } from '@measure/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Divider, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/errors.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { notify } from '../../shared/feedback/notify.ts';
import { useCan } from '../auth/permissions.ts';
import { detailPathOf, isLocked, projectKey } from '../projects/projectForm.ts';
import type { DxfLayer } from './dxfBase.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { canRedo, canUndo, editorReducer, initialEditorState, isDirty } from './editorState.ts';
import { ElementList } from './ElementList.tsx';
import { ElementProperties } from './ElementProperties.tsx';
import type { Vec } from './geometry.ts';
import { LayerPanel } from './LayerPanel.tsx';
import {
  documentFromDetail,
  documentToSave,
  limitProblem,
  newId,
  type Edit,
  type ElementKind,
  type ElementRef,
  type PlanDocument,
  type Room,
} from './planDocument.ts';
import type { Tool } from './gestures.ts';
import type { PlanSource } from './planBase.ts';
import { PlanViewport, type ViewportHandle } from './PlanViewport.tsx';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { useUnsavedGuard } from './useUnsavedGuard.ts';

interface FloorPlanEditorProps {
  houseMap: HouseMapDetail;
  project: ProjectRow;
  pointTypes: PointType[];
  plan: PlanSource;
}

/** The first "<base><n>" not taken yet (Room 3, Station 2, ...). */
function nextName(taken: readonly { Name: string }[], nameOf: (n: number) => string): string {
  const names = new Set(taken.map((item) => item.Name));
  let n = taken.length + 1;
  while (names.has(nameOf(n))) n += 1;
  return nameOf(n);
}

/** The editor: toolbar, plan with overlay, and the side panel (properties, element list, layers). */
export function FloorPlanEditor({ houseMap, project, pointTypes, plan }: FloorPlanEditorProps) {
  const { t } = useTranslation('house-maps');
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewport = useRef<ViewportHandle>(null);
  const [state, dispatch] = useReducer(editorReducer, houseMap.MeasurePoints, (measurePoints) =>
    editorReducer(initialEditorState, { type: 'load', document: documentFromDetail(measurePoints) }),
  );
  const [tool, setTool] = useState<Tool>('select');
  const [draftVertices, setDraftVertices] = useState(0);
  const [layers, setLayers] = useState<DxfLayer[]>([]);
  const [hiddenLayers, setHiddenLayers] = useState<ReadonlySet<string>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);

  // Why editing is off: no permission to save, or the project is published (its data is locked).
  const lock = !can('floorPlan.detailSave') ? 'permission' : project.IsPublished ? 'published' : null;
  const editable = lock === null;
  const document = state.present;
  const dirty = isDirty(state);
  useUnsavedGuard(dirty && editable);

  const save = useMutation({
    mutationFn: (saved: PlanDocument) =>
      callApi(routes.houseMaps.saveMeasurePoints, {
        HouseMapId: houseMap.HouseMapId,
        MeasurePoints: documentToSave(saved),
      }),
    onSuccess: async (_row, saved) => {
      dispatch({ type: 'saved', document: saved });
      setSaveError(null);
      notify.success(t('save.done'));
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
    onError: async (error) => {
      showError(error);
      if (isApiError(error) && !error.shown) {
        const fields = error.fieldErrors.map((field) => `${field.Field}: ${field.Message}`);
        setSaveError([error.message, ...fields].join('\n'));
      }
      // Published meanwhile: reload the project so the page turns read-only with the reason.
      if (isLocked(error)) await queryClient.invalidateQueries({ queryKey: projectKey(project.ProjectId) });
    },
  });
  const saveNow = () => {
    if (editable && dirty && !save.isPending) save.mutate(document);
  };

  const edit = (value: Edit, select?: ElementRef | null) => dispatch({ type: 'edit', edit: value, select });
  const select = (target: ElementRef | null) => dispatch({ type: 'select', target });
  const removeSelected = () => {
    if (state.selection) edit({ type: 'remove', target: state.selection }, null);
  };
  /** Adds an element unless a server limit (HOUSE_MAP_LIMITS) forbids it, then selects it. */
  const create = (kind: ElementKind, vertices: number, make: (id: string) => Edit) => {
    const problem = limitProblem(document, kind, vertices);
    if (problem) {
      notify.warning(t(`limit.${problem}`));
      return;
    }
    const id = newId();
    edit(make(id), { kind, id });
  };
  const createRoom = (polygon: Vec[]) =>
    create('room', polygon.length, (id) => ({
      type: 'addRoom',
      id,
      name: nextName(document.Rooms, (n) => t('room.defaultName', { n })),
      pointTypeId: null,
      polygon,
    }));
  const createStation = (position: Vec) =>
    create('station', 0, (id) => ({
      type: 'addStation',
      id,
      name: nextName(document.Stations, (n) => t('station.defaultName', { n })),
      position,
    }));
  const createPoint = (position: Vec) => create('point', 0, (id) => ({ type: 'addPoint', id, position }));

  const typeNames = new Map(pointTypes.map((type) => [type.Id, type.Name]));
  const typeKey = pointTypes.map((type) => `${type.Id}:${type.Name}`).join('|');
  const roomLabel = useCallback(
    (room: Room) => {
      const type = room.PointTypeId ? typeNames.get(room.PointTypeId) : undefined;
      return type ? `${room.Name} · ${type}` : room.Name;
    },
    // Rebuilt only when the site types change, so the overlay is not repainted for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [typeKey],
  );

  const toggleLayers = (names: string[], visible: boolean) => {
    const next = new Set(hiddenLayers);
    for (const name of names) {
      if (visible) next.delete(name);
      else next.add(name);
      viewport.current?.setLayerVisible(name, visible);
    }
    setHiddenLayers(next);
  };

  useEditorShortcuts({
    editable,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    save: saveNow,
    setTool,
    removeSelected,
    cancel: () => {
      if (!viewport.current?.cancelDraft()) select(null);
    },
    finish: () => viewport.current?.finishDraft(),
    undoDraftVertex: () => viewport.current?.undoDraftVertex() ?? false,
    fit: () => viewport.current?.fit(),
    zoom: (factor) => viewport.current?.zoom(factor),
  });

  const panelHeight = 'calc(100vh - 300px)';
  return (
    <Card
      title={
        <Space wrap>
          <span>{houseMap.Name}</span>
          <Tag color={houseMap.MapType === 'dxf' ? 'purple' : 'cyan'}>{t(`type.${houseMap.MapType}`)}</Tag>
          <Typography.Text type="secondary">{project.Name}</Typography.Text>
          {project.IsPublished && (
            <Tag color="orange" icon={<LockOutlined />}>
              {t('lock.tag')}
            </Tag>
          )}
          {/* Also after a refused save: the change is still only here. */}
          {(editable || dirty) &&
            (dirty ? (
              <Badge status="warning" text={t('save.dirty')} />
            ) : (
              <Badge status="success" text={t('save.clean')} />
            ))}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(detailPathOf(project.ProjectId))}>{t('page.back')}</Button>
          {editable && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty}
              loading={save.isPending}
              onClick={saveNow}
            >
              {t('save.action')}
            </Button>
          )}
        </Space>
      }
      styles={{ body: { padding: 12 } }}
    >
      <Flex vertical gap={8}>
        {lock && (
          <Alert type="warning" showIcon icon={<LockOutlined />} title={t(`lock.${lock}`)} role="status" />
        )}
        {saveError && (
          <Alert
            type="error"
            showIcon
            title={<span style={{ whiteSpace: 'pre-line' }}>{saveError}</span>}
            closable={{ onClose: () => setSaveError(null) }}
          />
        )}
        <EditorToolbar
          editable={editable}
          tool={tool}
          onTool={setTool}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          canRemove={state.selection !== null}
          draftVertices={draftVertices}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          onRemove={removeSelected}
          onZoom={(factor) => viewport.current?.zoom(factor)}
          onFit={() => viewport.current?.fit()}
        />
        <Flex gap={12} align="stretch">
          <div
            style={{ flex: 1, minWidth: 0, height: panelHeight, minHeight: 420, border: '1px solid #f0f0f0' }}
          >
            <PlanViewport
              ref={viewport}
              plan={plan}
              document={document}
              selection={state.selection}
              tool={tool}
              editable={editable}
              roomLabel={roomLabel}
              onEdit={(value) => edit(value)}
              onSelect={select}
              onCreateRoom={createRoom}
              onCreateStation={createStation}
              onCreatePoint={createPoint}
              onDraftChange={setDraftVertices}
              onLoaded={setLayers}
            />
          </div>
          <div style={{ width: 320, flex: 'none', height: panelHeight, minHeight: 420, overflow: 'auto' }}>
            <Tabs
              size="small"
              items={[
                {
                  key: 'elements',
                  label: t('panel.elements'),
                  children: (
                    <Flex vertical gap={8}>
                      <ElementProperties
                        document={document}
                        selection={state.selection}
                        pointTypes={pointTypes}
                        editable={editable}
                        onEdit={(value) => edit(value)}
                        onRemove={removeSelected}
                      />
                      <Divider style={{ margin: '4px 0' }} />
                      <ElementList
                        document={document}
                        selection={state.selection}
                        pointTypes={pointTypes}
                        onSelect={select}
                      />
                    </Flex>
                  ),
                },
                ...(plan.kind === 'dxf'
                  ? [
                      {
                        key: 'layers',
                        label: t('panel.layers'),
                        children: (
                          <LayerPanel layers={layers} hidden={hiddenLayers} onToggle={toggleLayers} />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
