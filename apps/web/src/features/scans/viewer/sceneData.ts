import type { GradeName, ModelPreview, ScanItem, ScanSurface, VirtualRuler } from '@measure/contract';

/** What the viewer draws besides the scans: grade colours, surfaces, rulers, sites. Pure (no three). */
export type ColourMode = 'deviation' | 'grade';
export type Point3 = [number, number, number];
export type Legend = ModelPreview['Legend'];
export type PreviewSite = ModelPreview['Sites'][number];

/** The cloud's colour under the grade mode, and a surface's without a judged site. */
export const NEUTRAL_COLOUR = '#9e9e9e';
const GRADE_RANK: Record<GradeName, number> = { qualified: 0, warning: 1, unqualified: 2, exploded: 3 };

/** The worst of several grades (null when none). */
export function worstGrade(grades: readonly (GradeName | null | undefined)[]): GradeName | null {
  let worst: GradeName | null = null;
  for (const grade of grades) {
    if (grade && (worst === null || GRADE_RANK[grade] > GRADE_RANK[worst])) worst = grade;
  }
  return worst;
}

/** The legend's colour of a grade; neutral for none or a grade the legend lacks. */
export function gradeColour(legend: Legend, grade: GradeName | null): string {
  return (grade && legend.find((entry) => entry.Grade === grade)?.Color) || NEUTRAL_COLOUR;
}

/** One surface as drawn: its quad, colour (its site's worst grade) and the site it picks. */
export interface SurfaceShape {
  key: string;
  pointIndex: number | null;
  grade: GradeName | null;
  colour: string;
  /** Two triangles (0,1,2) and (0,2,3) of the corners, 18 numbers. */
  triangles: Float32Array;
  corners: Point3[];
  centre: Point3;
}

export function centreOf(points: readonly Point3[]): Point3 {
  const sum: Point3 = [0, 0, 0];
  for (const point of points) for (let axis = 0; axis < 3; axis += 1) sum[axis]! += point[axis]!;
  return sum.map((value) => value / Math.max(1, points.length)) as Point3;
}

/** The surfaces of the shown scans as quads in their site's worst-grade colour. */
export function surfaceShapes(
  surfaces: readonly ScanSurface[],
  sites: readonly PreviewSite[],
  legend: Legend,
  shownScans: ReadonlySet<string>,
): SurfaceShape[] {
  const siteGrade = new Map(sites.map((site) => [site.PointIndex, site.WorstGrade]));
  return surfaces
    .filter((surface) => shownScans.has(surface.ScanId))
    .map((surface) => {
      const grade = surface.PointIndex === null ? null : (siteGrade.get(surface.PointIndex) ?? null);
      const corners = surface.Corners as Point3[];
      const order = [0, 1, 2, 0, 2, 3];
      return {
        key: `${surface.ScanId}/${surface.Index}`,
        pointIndex: surface.PointIndex,
        grade,
        colour: gradeColour(legend, grade),
        triangles: Float32Array.from(order.flatMap((corner) => corners[corner] ?? [0, 0, 0])),
        corners,
        centre: centreOf(corners),
      };
    });
}

/** A ruler as drawn: a line in its grade's colour, with its value. */
export interface RulerShape {
  key: string;
  pointIndex: number;
  from: Point3;
  to: Point3;
  colour: string;
  label: string;
}

export function rulerShapes(
  rulers: readonly VirtualRuler[],
  legend: Legend,
  label: (ruler: VirtualRuler) => string,
): RulerShape[] {
  return rulers.map((ruler) => ({
    key: `${ruler.PointIndex}/${ruler.ItemCode}/${ruler.ValueIndex}`,
    pointIndex: ruler.PointIndex,
    from: ruler.From as Point3,
    to: ruler.To as Point3,
    colour: gradeColour(legend, ruler.Grade),
    label: label(ruler),
  }));
}

/** What the viewer reads of a scan. */
export type ScanItemLike = Pick<ScanItem, 'ScanId' | 'Status' | 'TilesetUrl' | 'ModelUrl'>;

/** The ready scans a viewer loads: all of them, or the one asked for when it is ready. */
export function scansToShow<T extends ScanItemLike>(scans: readonly T[], only?: string | null): T[] {
  const ready = scans.filter((scan) => scan.Status === 'ready' && (scan.TilesetUrl || scan.ModelUrl));
  const one = only ? ready.filter((scan) => scan.ScanId === only) : [];
  return one.length > 0 ? one : ready;
}

/** An address the server handed out (root-relative) as an absolute one: the API answers at the root. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/** Camera placement that shows a box whole: centre, distance along a view from the south-east, above. */
export function fitView(
  min: Point3,
  max: Point3,
  fovDegrees: number,
  aspect: number,
): { target: Point3; position: Point3; distance: number } {
  const target = centreOf([min, max]);
  const radius = Math.max(0.5, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2);
  const halfFov = (fovDegrees / 2) * (Math.PI / 180);
  // A narrow screen fits the sphere across, a wide one up and down.
  const halfNarrow = aspect < 1 ? Math.atan(Math.tan(halfFov) * aspect) : halfFov;
  const distance = (radius / Math.sin(halfNarrow)) * 1.05;
  const direction: Point3 = [0.45, -0.75, 0.5];
  const length = Math.hypot(...direction);
  const position = target.map((value, axis) => value + (direction[axis]! / length) * distance) as Point3;
  return { target, position, distance };
}

/** Legend rows: a grade, its colour and its bounds' text. */
export function legendText(
  entry: Legend[number],
  words: {
    range: (from: number, to: number) => string;
    above: (from: number) => string;
    below: (to: number) => string;
  },
): string {
  if (entry.FromMm !== null && entry.ToMm !== null) return words.range(entry.FromMm, entry.ToMm);
  if (entry.FromMm !== null) return words.above(entry.FromMm);
  if (entry.ToMm !== null) return words.below(entry.ToMm);
  return '';
}

const COUNT = new Intl.NumberFormat('en-US');
/** A point count with thousands separators (1,234,567), the same in both languages. */
export const countText = (value: number): string => COUNT.format(value);
