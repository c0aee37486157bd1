import { Button, Checkbox, Empty, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DxfLayer } from './dxfBase.ts';

interface LayerPanelProps {
  layers: DxfLayer[];
  hidden: ReadonlySet<string>;
  onToggle: (names: string[], visible: boolean) => void;
}

/** The drawing's layers (those with geometry), each shown or hidden. */
export function LayerPanel({ layers, hidden, onToggle }: LayerPanelProps) {
  const { t } = useTranslation('house-maps');
  if (layers.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layers.empty')} />;
  const all = layers.map((layer) => layer.name);
  return (
    <Flex vertical gap={8}>
      <Space>
        <Button size="small" onClick={() => onToggle(all, true)}>
          {t('layers.showAll')}
        </Button>
        <Button size="small" onClick={() => onToggle(all, false)}>
          {t('layers.hideAll')}
        </Button>
      </Space>
      <Flex vertical gap={4} role="group" aria-label={t('layers.title')}>
        {layers.map((layer) => (
          <Checkbox
            key={layer.name}
            checked={!hidden.has(layer.name)}
            onChange={(event) => onToggle([layer.name], event.target.checked)}
          >
            <Space size={6}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  border: '1px solid #d9d9d9',
                  background: layer.color,
                }}
              />
              <Typography.Text>{layer.displayName || layer.name}</Typography.Text>
            </Space>
          </Checkbox>
        ))}
      </Flex>
    </Flex>
  );
}
