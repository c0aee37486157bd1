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
 * A household's labelled plan as SVG (GetPlanViewLabelingImage, for reports): the drawing of the
 * task data page's plan (web `PlanView.tsx`): rooms filled with the worst grade of their sites and
 * labelled "name (sites)", stations as dots, DXF plans mirrored so north stays on top; and a legend.
 * Null when the household's plan has no rooms.
 */
export function planViewSvg(household: PlanHousehold, language: Language): string | null {
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
  const legendHeight = font * 2;
  const width = maxX - minX + 2 * pad;
  const height = maxY - minY + 2 * pad + legendHeight;
  const parts: string[] = [];
  for (const room of rooms) {
    const sites = household.Sites.filter((site) => site.RoomId === room.Id);
    const fill = PLAN_GRADE_FILL[worstPlanGrade(sites) ?? 'none'];
    const cx = room.Polygon.reduce((sum, v) => sum + v.X, 0) / room.Polygon.length;
    const cy = room.Polygon.reduce((sum, v) => sum + y(v.Y), 0) / room.Polygon.length;
    const points = room.Polygon.map((v) => `${v.X},${y(v.Y)}`).join(' ');
    parts.push(
      `<polygon points="${points}" fill="${fill}" fill-opacity="0.45" stroke="#595959" stroke-width="${font / 8}"/>`,
      `<text x="${cx}" y="${cy}" font-size="${font}" text-anchor="middle" dominant-baseline="middle" fill="#262626">` +
        `${escape(`${room.Name || room.Id} (${sites.length})`)}</text>`,
    );
  }
  for (const station of stations) {
    parts.push(`<circle cx="${station.X}" cy="${y(station.Y)}" r="${font / 3}" fill="#1677ff"/>`);
  }
  const legendY = maxY + pad + font;
  LEGEND.forEach((grade, index) => {
    const x = minX - pad + (index * width) / LEGEND.length;
    parts.push(
      `<rect x="${x}" y="${legendY - font / 2}" width="${font}" height="${font}" fill="${PLAN_GRADE_FILL[grade]}"/>`,
      `<text x="${x + font * 1.4}" y="${legendY}" font-size="${font * 0.8}" dominant-baseline="middle" fill="#262626">` +
        `${escape(formatMessage(language, `review.grade.${grade}`))}</text>`,
    );
  });
  const title = `${household.BuildingNumber} ${household.Floor} ${household.Household}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX - pad} ${minY - pad} ${width} ${height}" ` +
    `width="${Math.round(width)}" height="${Math.round(height)}">` +
    `<title>${escape(title)}</title><rect x="${minX - pad}" y="${minY - pad}" width="${width}" height="${height}" fill="#fafafa"/>` +
    `${parts.join('')}</svg>`
  );
}
