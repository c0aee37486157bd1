import type { MouseEvent, ReactNode } from 'react';

/** What a household plan drawing needs: rooms and stations in plan units, and for an image its size. */
export interface DrawnPlan {
  MapType: string | null;
  Width?: number | null;
  Height?: number | null;
  MeasurePoints: {
    Rooms: readonly { Polygon: readonly { X: number; Y: number }[] }[];
    Stations: readonly { X: number; Y: number }[];
  };
}

/** Where a plan is drawn, in plan units, and how its y maps to the drawing's. */
export interface PlanFrame {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** The longer side (at least 1): strokes, fonts and markers scale with it. */
  size: number;
  /** Plan y to drawing y: a DXF plan (y up) is mirrored so that north stays on top; pixels stay. */
  y: (value: number) => number;
  viewBox: string;
}

/**
 * The frame of a household plan as saved (DXF y up, image pixels y down): the extent of its rooms and
 * stations, or with `picture` an image plan's whole picture when its size is known. Undefined when
 * there is nothing to draw (no rooms, and no picture to frame).
 */
export function planFrame(plan: DrawnPlan, options: { picture?: boolean } = {}): PlanFrame | undefined {
  let extent: { minX: number; minY: number; maxX: number; maxY: number };
  if (options.picture && plan.MapType === 'image' && plan.Width && plan.Height) {
    extent = { minX: 0, minY: 0, maxX: plan.Width, maxY: plan.Height };
  } else {
    const vertices = plan.MeasurePoints.Rooms.flatMap((room) => room.Polygon);
    if (vertices.length === 0) return undefined;
    const all = [...vertices, ...plan.MeasurePoints.Stations];
    const xs = all.map((point) => point.X);
    const ys = all.map((point) => point.Y);
    extent = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  }
  const { minX, minY, maxX, maxY } = extent;
  const size = Math.max(maxX - minX, maxY - minY, 1);
  const pad = size * 0.04;
  const flip = plan.MapType === 'dxf';
  return {
    ...extent,
    size,
    y: (value) => (flip ? maxY + minY - value : value),
    viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
  };
}

/** A room's outline as SVG polygon points in the frame. */
export const roomPoints = (room: DrawnPlan['MeasurePoints']['Rooms'][number], frame: PlanFrame): string =>
  room.Polygon.map((vertex) => `${vertex.X},${frame.y(vertex.Y)}`).join(' ');

/** Where a click on the plan's SVG lies in plan units (undefined when the SVG is not laid out). */
export function planPointOf(
  event: MouseEvent<SVGSVGElement>,
  frame: PlanFrame,
): { X: number; Y: number } | undefined {
  const matrix = event.currentTarget.getScreenCTM();
  if (!matrix) return undefined;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { X: point.x, Y: frame.y(point.y) };
}

/** The SVG a household plan is drawn in: the frame's view box, full width, at most 360 px high. */
export function PlanSvg(props: {
  frame: PlanFrame;
  testId: string;
  label: string;
  cursor?: string;
  onClick?: (event: MouseEvent<SVGSVGElement>) => void;
  children: ReactNode;
}) {
  const { frame, testId, label, cursor, onClick, children } = props;
  return (
    <svg
      data-testid={testId}
      viewBox={frame.viewBox}
      style={{ width: '100%', maxHeight: 360, background: '#fafafa', ...(cursor ? { cursor } : {}) }}
      role="img"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </svg>
  );
}
