import type { FacadePanel } from '@measure/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Drawer, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { ElevationLegend } from '../external-walls/ElevationDrawing.tsx';
import { SideElevationCard } from '../external-walls/SideElevationCard.tsx';
import '../external-walls/i18n.ts';
import { DemoSiteView } from './DemoSiteView.tsx';

/**
 * The demo external-wall task's elevations (the external-wall page's drawing, read-only: no share, no
 * comparison): each side with its figures; a panel opens its demo site view in a drawer.
 */
export function DemoExternalWall({ taskId }: { taskId: string }) {
  const { t } = useTranslation(['demo-area', 'external-walls']);
  const [panel, setPanel] = useState<FacadePanel | null>(null);
  const wall = useQuery({
    queryKey: ['demo-area', 'external-wall', taskId],
    queryFn: ({ signal }) => callApi(routes.demoArea.getDemoExternalWall, { TaskId: taskId }, { signal }),
  });
  return (
    <Card title={t('detail.externalWalls')} data-testid="demo-external-wall">
      {wall.isLoading && <Spin />}
      {wall.data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <ElevationLegend />
          {wall.data.Sides.map((side) => (
            <SideElevationCard key={side.Side} side={side} selected={panel?.PointIndex} onPanel={setPanel} />
          ))}
        </Space>
      )}
      <Drawer
        open={panel !== null}
        width={720}
        title={
          panel
            ? t('external-walls:elevation.panelTitle', { floor: panel.Floor, pointIndex: panel.PointIndex })
            : ''
        }
        onClose={() => setPanel(null)}
        destroyOnHidden
      >
        {panel && <DemoSiteView taskId={taskId} pointIndex={panel.PointIndex} />}
      </Drawer>
    </Card>
  );
}
