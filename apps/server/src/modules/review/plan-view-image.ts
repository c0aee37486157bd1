import {
  type GradeName,
  type Language,
  formatMessage,
  PLAN_GRADE_FILL,
  type PlanHousehold,
  worstPlanGrade,
} from '@measure/contract';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const LEGEND: readonly (GradeName | 'none')[] = ['qualified', 'warning', 'unqualified', 'exploded', 'none'];

/**
 * A household's labelled plan as plain geometry in plan units (y down, DXF plans already mirrored so
 * north stays on top): the one drawing behind the SVG image (GetPlanViewLabelingImage) and the
 * report PDF's plan views (`reports/report-plan.ts`).
 */
export interface PlanDrawing {
  title: string;
  box: { x: number; y: number; width: number; height: number };
  /** Height of a room label; legend labels are 0.8 of it. */
  font: number;
  rooms: { points: [number, number][]; fill: string; label: string; at: [number, number] }[];
  stations: { at: [number, number]; r: number }[];
  legend: { at: [number, number]; size: number; fill: string; label: string }[];
}

export const STATION_FILL = '#1677ff';
export const ROOM_STROKE = '#595959';
export const PLAN_TEXT = '#262626';
export const PLAN_BACKGROUND = '#fafafa';

/**
 * The drawing of the task data page's plan (web `PlanView.tsx`): rooms filled with the worst grade of
 * their sites and labelled "name (sites)", stations as dots, and a legend in `language` below.
 * Null when the household's plan has no rooms.
 */
export function planDrawing(household: PlanHousehold, language: Language): PlanDrawing | null {
  const rooms = household.MeasurePoints.Rooms;
  if (rooms.length === 0) return null;
  const stations = household.MeasurePoints.Stations;
  const xs = [...rooms.flatMap((room) => room.Polygon.map((v) => v.X)), ...stations.map((s) => s.X)];
  const ys = [...rooms.flatMap((room) => room.Polygon.map((v) => v.Y)), ...stations.map((s) => s.Y)];
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const size = Math.max(maxX - minX, maxY - minY, 1);
  const pad = size * 0.04;
  const y = (value: number) => (household.MapType === 'dxf' ? maxY + minY - value : value);
  const font = size / 28;
  const width = maxX - minX + 2 * pad;
  const height = maxY - minY + 2 * pad + font * 2;
  const legendY = maxY + pad + font;
  return {
    title: `${household.BuildingNumber} ${household.Floor} ${household.Household}`,
    box: { x: minX - pad, y: minY - pad, width, height },
    font,
    rooms: rooms.map((room) => {
      const sites = household.Sites.filter((site) => site.RoomId === room.Id);
      return {
        points: room.Polygon.map((v): [number, number] => [v.X, y(v.Y)]),
        fill: PLAN_GRADE_FILL[worstPlanGrade(sites) ?? 'none'],
        label: `${room.Name || room.Id} (${sites.length})`,
        at: [
          room.Polygon.reduce((sum, v) => sum + v.X, 0) / room.Polygon.length,
          room.Polygon.reduce((sum, v) => sum + y(v.Y), 0) / room.Polygon.length,
        ],
      };
    }),
    stations: stations.map((station) => ({ at: [station.X, y(station.Y)], r: font / 3 })),
    legend: LEGEND.map((grade, index) => ({
      at: [minX - pad + (index * width) / LEGEND.length, legendY],
      size: font,
      fill: PLAN_GRADE_FILL[grade],
      label: formatMessage(language, `review.grade.${grade}`),
    })),
  };
}

/** A household's labelled plan as SVG (GetPlanViewLabelingImage): `planDrawing` written as SVG. */
export function planViewSvg(household: PlanHousehold, language: Language): string | null {
  const drawing = planDrawing(household, language);
  if (!drawing) return null;
  const { box, font } = drawing;
  const parts: string[] = [];
  for (const room of drawing.rooms) {
    const points = room.points.map(([x, y]) => `${x},${y}`).join(' ');
    parts.push(
      `<polygon points="${points}" fill="${room.fill}" fill-opacity="0.45" stroke="${ROOM_STROKE}" stroke-width="${font / 8}"/>`,
      `<text x="${room.at[0]}" y="${room.at[1]}" font-size="${font}" text-anchor="middle" dominant-baseline="middle" fill="${PLAN_TEXT}">` +
        `${escape(room.label)}</text>`,
    );
  }
  for (const station of drawing.stations) {
    parts.push(
      `<circle cx="${station.at[0]}" cy="${station.at[1]}" r="${station.r}" fill="${STATION_FILL}"/>`,
    );
  }
  for (const entry of drawing.legend) {
    const [x, y] = entry.at;
    parts.push(
      `<rect x="${x}" y="${y - entry.size / 2}" width="${entry.size}" height="${entry.size}" fill="${entry.fill}"/>`,
      `<text x="${x + entry.size * 1.4}" y="${y}" font-size="${entry.size * 0.8}" dominant-baseline="middle" fill="${PLAN_TEXT}">` +
        `${escape(entry.label)}</text>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box.x} ${box.y} ${box.width} ${box.height}" ` +
    `width="${Math.round(box.width)}" height="${Math.round(box.height)}">` +
    `<title>${escape(drawing.title)}</title><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${PLAN_BACKGROUND}"/>` +
    `${parts.join('')}</svg>`
  );
}
