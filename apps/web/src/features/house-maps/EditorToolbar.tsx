import {
  AimOutlined,
  BorderOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  ExpandOutlined,
  RedoOutlined,
  SelectOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Flex, Radio, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tool } from './gestures.ts';

interface EditorToolbarProps {
  editable: boolean;
  tool: Tool;
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  canRedo: boolean;
  canRemove: boolean;
  draftVertices: number;
  onUndo: () => void;
  onRedo: () => void;
  onRemove: () => void;
  onZoom: (factor: number) => void;
  onFit: () => void;
}

const TOOLS: { tool: Tool; icon: React.ReactNode; key: string }[] = [
  { tool: 'select', icon: <SelectOutlined />, key: 'V' },
  { tool: 'room', icon: <BorderOutlined />, key: 'R' },
  { tool: 'station', icon: <AimOutlined />, key: 'S' },
  { tool: 'point', icon: <EnvironmentOutlined />, key: 'P' },
];

/** Tools, undo/redo, delete and the view buttons; below them what the current tool expects. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation('house-maps');
  const hint =
    props.tool === 'room' && props.draftVertices > 0
      ? t('hint.roomDrawing', { count: props.draftVertices })
      : t(`hint.${props.editable ? props.tool : 'view'}`);
  return (
    <Flex vertical gap={6}>
      <Flex wrap gap={8} align="center">
        {props.editable && (
          <>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={props.tool}
              onChange={(event) => props.onTool(event.target.value as Tool)}
              aria-label={t('tool.label')}
            >
              {TOOLS.map(({ tool, icon, key }) => (
                <Tooltip key={tool} title={t('tool.shortcut', { key })}>
                  <Radio.Button value={tool}>
                    {icon} {t(`tool.${tool}`)}
                  </Radio.Button>
                </Tooltip>
              ))}
            </Radio.Group>
            <Divider orientation="vertical" />
            <Tooltip title="Ctrl+Z">
              <Button icon={<UndoOutlined />} disabled={!props.canUndo} onClick={props.onUndo}>
                {t('action.undo')}
              </Button>
            </Tooltip>
            <Tooltip title="Ctrl+Shift+Z / Ctrl+Y">
              <Button icon={<RedoOutlined />} disabled={!props.canRedo} onClick={props.onRedo}>
                {t('action.redo')}
              </Button>
            </Tooltip>
            <Tooltip title="Delete">
              <Button icon={<DeleteOutlined />} danger disabled={!props.canRemove} onClick={props.onRemove}>
                {t('action.remove')}
              </Button>
            </Tooltip>
            <Divider orientation="vertical" />
          </>
        )}
        <Tooltip title="+">
          <Button
            icon={<ZoomInOutlined />}
            aria-label={t('action.zoomIn')}
            onClick={() => props.onZoom(1.25)}
          />
        </Tooltip>
        <Tooltip title="-">
          <Button
            icon={<ZoomOutOutlined />}
            aria-label={t('action.zoomOut')}
            onClick={() => props.onZoom(0.8)}
          />
        </Tooltip>
        <Tooltip title="F">
          <Button icon={<ExpandOutlined />} onClick={props.onFit}>
            {t('action.fit')}
          </Button>
        </Tooltip>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </Flex>
  );
}
