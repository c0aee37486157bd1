import type { PointType } from '@measure/contract';
import { Collapse, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ElementRef, PlanDocument } from './planDocument.ts';

/** Only this many rows of a kind are listed (a plan may hold 20,000 points); the rest are on the plan. */
const LIST_LIMIT = 200;

interface ElementListProps {
  document: PlanDocument;
  selection: ElementRef | null;
  pointTypes: PointType[];
  onSelect: (target: ElementRef) => void;
}

/** Rooms, stations and points, each clickable to select it on the plan. */
export function ElementList({ document, selection, pointTypes, onSelect }: ElementListProps) {
  const { t } = useTranslation('house-maps');
  const typeName = new Map(pointTypes.map((type) => [type.Id, type.Name]));
  const roomName = new Map(document.Rooms.map((room) => [room.Id, room.Name || t('room.unnamed')]));
  const stationName = new Map(
    document.Stations.map((station) => [station.Id, station.Name || t('station.unnamed')]),
  );
  const isSelected = (kind: ElementRef['kind'], id: string) =>
    selection?.kind === kind && selection.id === id;

  const section = <T extends { Id: string }>(
    kind: ElementRef['kind'],
    items: T[],
    render: (item: T) => { title: string; extra?: React.ReactNode },
  ) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`list.empty.${kind}`)} />
    ) : (
      <>
        <List<T>
          size="small"
          dataSource={items.slice(0, LIST_LIMIT)}
          rowKey="Id"
          renderItem={(item) => {
            const { title, extra } = render(item);
            const selected = isSelected(kind, item.Id);
            return (
              <List.Item
                onClick={() => onSelect({ kind, id: item.Id })}
                aria-selected={selected}
                data-kind={kind}
                style={{ cursor: 'pointer', paddingInline: 8, background: selected ? '#fff7e6' : undefined }}
                extra={extra}
              >
                <Typography.Text ellipsis>{title}</Typography.Text>
              </List.Item>
            );
          }}
        />
        {items.length > LIST_LIMIT && (
          <Typography.Text type="secondary">
            {t('list.more', { count: items.length - LIST_LIMIT })}
          </Typography.Text>
        )}
      </>
    );

  return (
    <Collapse
      size="small"
      defaultActiveKey={['room', 'station']}
      items={[
        {
          key: 'room',
          label: t('list.rooms', { count: document.Rooms.length }),
          children: section('room', document.Rooms, (room) => ({
            title: room.Name || t('room.unnamed'),
            extra: room.PointTypeId ? (
              <Tag color="blue">{typeName.get(room.PointTypeId) ?? '?'}</Tag>
            ) : (
              <Tag>{t('room.noSiteType')}</Tag>
            ),
          })),
        },
        {
          key: 'station',
          label: t('list.stations', { count: document.Stations.length }),
          children: section('station', document.Stations, (station) => ({
            title: station.Name || t('station.unnamed'),
            extra: (
              <Typography.Text type="secondary">
                {station.RoomId ? roomName.get(station.RoomId) : t('properties.none')}
              </Typography.Text>
            ),
          })),
        },
        {
          key: 'point',
          label: t('list.points', { count: document.Points.length }),
          children: section('point', document.Points, (point) => ({
            title: point.StationId ? (stationName.get(point.StationId) ?? '') : t('properties.none'),
            extra: (
              <Typography.Text type="secondary">
                {point.RoomId ? roomName.get(point.RoomId) : t('properties.none')}
              </Typography.Text>
            ),
          })),
        },
      ]}
    />
  );
}
