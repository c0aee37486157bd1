import type { MeasurePoints } from '@measure/contract';
import { encodeRgbPng } from '../core/images.ts';

/** The site types of the demo house type, by key; names as a planner would type them. */
export const DEMO_SITE_TYPES = {
  living: '客厅',
  bedroom: '卧室',
  wet: '厨卫',
} as const;
export type DemoSiteTypeKey = keyof typeof DEMO_SITE_TYPES;

interface DemoRoom {
  id: string;
  name: string;
  siteType: DemoSiteTypeKey;
  /** Rectangle in plan pixels: left, top, right, bottom. */
  box: [number, number, number, number];
}

export const PLAN_WIDTH = 640;
export const PLAN_HEIGHT = 480;

/** A plain three-bedroom flat: living room, two bedrooms, kitchen and bathroom. */
export const DEMO_ROOMS: readonly DemoRoom[] = [
  { id: 'r-living', name: '客厅', siteType: 'living', box: [20, 20, 360, 280] },
  { id: 'r-master', name: '主卧', siteType: 'bedroom', box: [360, 20, 620, 240] },
  { id: 'r-second', name: '次卧', siteType: 'bedroom', box: [360, 240, 620, 460] },
  { id: 'r-kitchen', name: '厨房', siteType: 'wet', box: [20, 280, 200, 460] },
  { id: 'r-bath', name: '卫生间', siteType: 'wet', box: [200, 280, 360, 460] },
];

const WALL = 6;
const TINTS: Record<DemoSiteTypeKey, [number, number, number]> = {
  living: [250, 244, 230],
  bedroom: [232, 242, 250],
  wet: [236, 248, 238],
};

/**
 * The plan image of the demo house type: rooms tinted by site type on white paper, walls drawn as
 * dark bands along each room's edges. A real PNG, so the upload check decodes it like any other.
 */
export async function demoPlanPng(): Promise<Buffer> {
  const pixels = Array.from({ length: PLAN_HEIGHT }, () => Buffer.alloc(PLAN_WIDTH * 3, 255));
  const paint = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const row = pixels[y];
    if (!row || x < 0 || x >= PLAN_WIDTH) return;
    row[x * 3] = r;
    row[x * 3 + 1] = g;
    row[x * 3 + 2] = b;
  };
  for (const room of DEMO_ROOMS) {
    const [left, top, right, bottom] = room.box;
    for (let y = top; y < bottom; y += 1) {
      for (let x = left; x < right; x += 1) {
        const onWall =
          x - left < WALL / 2 || right - x <= WALL / 2 || y - top < WALL / 2 || bottom - y <= WALL / 2;
        paint(x, y, onWall ? [70, 70, 78] : TINTS[room.siteType]);
      }
    }
  }
  return encodeRgbPng({ width: PLAN_WIDTH, height: PLAN_HEIGHT, rgb: Buffer.concat(pixels) });
}

/**
 * The MeasurePoints drawn on the plan: each room as a polygon with its site type, one station in
 * its middle and a measuring point near each wall, taken from that station.
 */
export function demoMeasurePoints(siteTypeIds: Record<DemoSiteTypeKey, string>): MeasurePoints {
  const points: MeasurePoints = { Rooms: [], Stations: [], Points: [] };
  for (const room of DEMO_ROOMS) {
    const [left, top, right, bottom] = room.box;
    const cx = Math.round((left + right) / 2);
    const cy = Math.round((top + bottom) / 2);
    const stationId = `s-${room.id.slice(2)}`;
    points.Rooms.push({
      Id: room.id,
      Name: room.name,
      PointTypeId: siteTypeIds[room.siteType],
      Polygon: [
        { X: left, Y: top },
        { X: right, Y: top },
        { X: right, Y: bottom },
        { X: left, Y: bottom },
      ],
    });
    points.Stations.push({ Id: stationId, Name: `${room.name}站点`, X: cx, Y: cy, RoomId: room.id });
    const near = [
      { X: cx, Y: top + 20 },
      { X: right - 20, Y: cy },
      { X: cx, Y: bottom - 20 },
      { X: left + 20, Y: cy },
    ];
    near.forEach((point, index) =>
      points.Points.push({
        Id: `p-${room.id.slice(2)}-${index + 1}`,
        ...point,
        RoomId: room.id,
        StationId: stationId,
      }),
    );
  }
  return points;
}
