import { HOUSE_MAP_LIMITS, type PointType } from '@measure/contract';
import { Button, Descriptions, Empty, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Edit, ElementRef, MeasurePoint, PlanDocument, Room, Station } from './planDocument.ts';

interface ElementPropertiesProps {
  document: PlanDocument;
  selection: ElementRef | null;
  pointTypes: PointType[];
  editable: boolean;
  onEdit: (edit: Edit) => void;
  onRemove: () => void;
}

/** The selected element's properties: name, site type, room and station, with delete. */
export function ElementProperties({
  document,
  selection,
  pointTypes,
  editable,
  onEdit,
  onRemove,
}: ElementPropertiesProps) {
  const { t } = useTranslation('house-maps');
  const roomName = (id: string | null) => {
    const room = id ? document.Rooms.find((item) => item.Id === id) : undefined;
    return room ? room.Name || t('room.unnamed') : t('properties.none');
  };
  if (!selection) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('properties.empty')} />;

  const remove = editable && (
    <Button danger size="small" onClick={onRemove}>
      {t('action.remove')}
    </Button>
  );

  if (selection.kind === 'room') {
    const room = document.Rooms.find((item) => item.Id === selection.id);
    if (!room) return null;
    const stations = document.Stations.filter((item) => item.RoomId === room.Id).length;
    const points = document.Points.filter((item) => item.RoomId === room.Id).length;
    return (
      <Flex vertical gap={8} data-testid="room-properties">
        <Typography.Text strong>{t('properties.room')}</Typography.Text>
        <NameField
          key={room.Id}
          label={t('properties.name')}
          value={room.Name}
          editable={editable}
          onCommit={(name) => onEdit({ type: 'updateRoom', id: room.Id, name })}
        />
        <label>
          <Typography.Text type="secondary">{t('properties.siteType')}</Typography.Text>
          <Select<string>
            aria-label={t('properties.siteType')}
            style={{ width: '100%' }}
            allowClear
            disabled={!editable}
            placeholder={t('properties.siteTypePlaceholder')}
            value={room.PointTypeId ?? undefined}
            options={pointTypes.map((type) => ({ value: type.Id, label: type.Name }))}
            onChange={(value) => onEdit({ type: 'updateRoom', id: room.Id, pointTypeId: value ?? null })}
            notFoundContent={t('properties.noSiteTypes')}
          />
        </label>
        <RoomFacts room={room} stations={stations} points={points} />
        {remove}
      </Flex>
    );
  }

  if (selection.kind === 'station') {
    const station = document.Stations.find((item) => item.Id === selection.id);
    if (!station) return null;
    return (
      <Flex vertical gap={8} data-testid="station-properties">
        <Typography.Text strong>{t('properties.station')}</Typography.Text>
        <NameField
          key={station.Id}
          label={t('properties.name')}
          value={station.Name}
          editable={editable}
          onCommit={(name) => onEdit({ type: 'updateStation', id: station.Id, name })}
        />
        <StationFacts
          station={station}
          roomName={roomName(station.RoomId)}
          points={document.Points.filter((item) => item.StationId === station.Id).length}
        />
        {remove}
      </Flex>
    );
  }

  const point = document.Points.find((item) => item.Id === selection.id);
  if (!point) return null;
  return (
    <Flex vertical gap={8} data-testid="point-properties">
      <Typography.Text strong>{t('properties.point')}</Typography.Text>
      <label>
        <Typography.Text type="secondary">{t('properties.station')}</Typography.Text>
        <Select<string>
          aria-label={t('properties.station')}
          style={{ width: '100%' }}
          allowClear
          disabled={!editable}
          placeholder={t('properties.none')}
          value={point.StationId ?? undefined}
          options={document.Stations.filter((item) => item.RoomId === point.RoomId).map((item) => ({
            value: item.Id,
            label: item.Name || t('station.unnamed'),
          }))}
          onChange={(value) => onEdit({ type: 'updatePoint', id: point.Id, stationId: value ?? null })}
        />
      </label>
      <PointFacts point={point} roomName={roomName(point.RoomId)} />
      {remove}
    </Flex>
  );
}

/** A name that is committed on Enter or when the field loses focus (one undo step per change). */
function NameField(props: {
  label: string;
  value: string;
  editable: boolean;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(props.value);
  const commit = () => {
    if (text !== props.value) props.onCommit(text);
  };
  return (
    <label>
      <Typography.Text type="secondary">{props.label}</Typography.Text>
      <Input
        aria-label={props.label}
        value={text}
        maxLength={HOUSE_MAP_LIMITS.name}
        disabled={!props.editable}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    </label>
  );
}

/** Plan coordinates with at most two decimals (DXF millimetres and image pixels alike). */
const coordinate = (value: number) => String(Number(value.toFixed(2)));

function RoomFacts({ room, stations, points }: { room: Room; stations: number; points: number }) {
  const { t } = useTranslation('house-maps');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('properties.vertices')}>{room.Polygon.length}</Descriptions.Item>
      <Descriptions.Item label={t('properties.stations')}>{stations}</Descriptions.Item>
      <Descriptions.Item label={t('properties.points')}>{points}</Descriptions.Item>
    </Descriptions>
  );
}

function StationFacts({ station, roomName, points }: { station: Station; roomName: string; points: number }) {
  const { t } = useTranslation('house-maps');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('properties.inRoom')}>{roomName}</Descriptions.Item>
      <Descriptions.Item
        label={t('properties.position')}
      >{`${coordinate(station.X)}, ${coordinate(station.Y)}`}</Descriptions.Item>
      <Descriptions.Item label={t('properties.points')}>{points}</Descriptions.Item>
    </Descriptions>
  );
}

function PointFacts({ point, roomName }: { point: MeasurePoint; roomName: string }) {
  const { t } = useTranslation('house-maps');
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('properties.inRoom')}>{roomName}</Descriptions.Item>
      <Descriptions.Item
        label={t('properties.position')}
      >{`${coordinate(point.X)}, ${coordinate(point.Y)}`}</Descriptions.Item>
    </Descriptions>
  );
}
