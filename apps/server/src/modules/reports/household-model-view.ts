import { NodeIO } from '@gltf-transform/core';
import { KHRMeshQuantization } from '@gltf-transform/extensions';
import { PLAN_GRADE_FILL } from '@measure/contract';

/**
 * The rendered view of a household's scans for its PDF: the model's triangles and a cloud's scanned
 * surfaces seen from above at an angle (isometric, z up: the scans' frame), flat-shaded and drawn far
 * to near (painter's algorithm) as plain polygons that pdfkit fills. Plain data, so it crosses into
 * the render worker thread. Drawn by hand rather than with three.js: its renderers need WebGL or a
 * DOM (SVGRenderer), neither of which a worker thread has.
 */
export interface ModelViewPolygon {
  points: [number, number][];
  fill: string;
  opacity: number;
  /** Outlined (scanned surfaces); a model's triangles are filled only, so their diagonals do not show. */
  outline: boolean;
}

export interface ModelView {
  polygons: ModelViewPolygon[];
  box: { x: number; y: number; width: number; height: number };
}

type Point3 = [number, number, number];

/** Triangles drawn at most (a larger model is thinned evenly: a page is a few hundred points wide). */
export const MAX_VIEW_TRIANGLES = 20_000;
const LIGHT: Point3 = normalize([0.3, -0.5, 0.8]);
const COS30 = Math.cos(Math.PI / 6);

function normalize([x, y, z]: Point3): Point3 {
  const length = Math.hypot(x, y, z) || 1;
  return [x / length, y / length, z / length];
}

/** Screen position (x right, y down) of a point seen from +x +y above. */
const project = ([x, y, z]: Point3): [number, number] => [(x - y) * COS30, (x + y) * 0.5 - z];
/** Larger is nearer the viewer. */
const depthOf = (points: Point3[]) => points.reduce((sum, [x, y, z]) => sum + x + y + z, 0) / points.length;

function shade(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(Math.min(255, ((value >> shift) & 255) * factor))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Lambert-ish shading of a face by its normal (either side lit: walls are double-sided). */
function litBy(points: Point3[]): number {
  const [a, b, c] = points as [Point3, Point3, Point3];
  const u: Point3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v: Point3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n = normalize([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]);
  return 0.55 + 0.45 * Math.abs(n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
}

/** The triangles (world coordinates) of a binary glTF's triangle primitives, thinned to MAX_VIEW_TRIANGLES. */
export async function modelTriangles(glb: Uint8Array): Promise<Point3[][]> {
  // Models are stored quantized (KHR_mesh_quantization); getElement gives the positions back as floats.
  const document = await new NodeIO().registerExtensions([KHRMeshQuantization]).readBinary(glb);
  const triangles: Point3[][] = [];
  for (const node of document.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    const world = ([x, y, z]: number[]): Point3 => [
      (m[0] ?? 1) * (x ?? 0) + (m[4] ?? 0) * (y ?? 0) + (m[8] ?? 0) * (z ?? 0) + (m[12] ?? 0),
      (m[1] ?? 0) * (x ?? 0) + (m[5] ?? 1) * (y ?? 0) + (m[9] ?? 0) * (z ?? 0) + (m[13] ?? 0),
      (m[2] ?? 0) * (x ?? 0) + (m[6] ?? 0) * (y ?? 0) + (m[10] ?? 1) * (z ?? 0) + (m[14] ?? 0),
    ];
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute('POSITION');
      if (!position || primitive.getMode() !== 4) continue;
      const indices = primitive.getIndices();
      const count = indices ? indices.getCount() : position.getCount();
      const vertex = (i: number) => world(position.getElement(indices ? indices.getScalar(i) : i, []));
      for (let i = 0; i + 2 < count; i += 3) triangles.push([vertex(i), vertex(i + 1), vertex(i + 2)]);
    }
  }
  if (triangles.length <= MAX_VIEW_TRIANGLES) return triangles;
  const step = triangles.length / MAX_VIEW_TRIANGLES;
  return Array.from({ length: MAX_VIEW_TRIANGLES }, (_, i) => triangles[Math.floor(i * step)] as Point3[]);
}

/** A scanned surface's colour: the grade its out-of-tolerance share stands for. */
export function surfaceFill(outOfToleranceShare: number): string {
  if (outOfToleranceShare <= 0) return PLAN_GRADE_FILL.qualified;
  if (outOfToleranceShare < 0.05) return PLAN_GRADE_FILL.warning;
  if (outOfToleranceShare < 0.2) return PLAN_GRADE_FILL.unqualified;
  return PLAN_GRADE_FILL.exploded;
}

/**
 * The view of model triangles (grey; walls half transparent so the rooms inside show) and scanned
 * surfaces (quads in their grade colour); null when there is nothing to draw.
 */
export function modelView(
  triangles: Point3[][],
  surfaces: { corners: Point3[]; outOfToleranceShare: number }[],
): ModelView | null {
  const faces = [
    ...triangles.map((points) => {
      const vertical =
        Math.abs(points[0]![2] - points[1]![2]) + Math.abs(points[1]![2] - points[2]![2]) > 1e-6;
      return { points, base: vertical ? '#e8e6df' : '#b8b2a6', opacity: vertical ? 0.4 : 1, outline: false };
    }),
    ...surfaces.map((surface) => ({
      points: surface.corners,
      base: surfaceFill(surface.outOfToleranceShare),
      opacity: 0.85,
      outline: true,
    })),
  ];
  if (faces.length === 0) return null;
  faces.sort((a, b) => depthOf(a.points) - depthOf(b.points));
  const polygons = faces.map((face) => ({
    points: face.points.map(project),
    fill: shade(face.base, litBy(face.points)),
    opacity: face.opacity,
    outline: face.outline,
  }));
  const xs = polygons.flatMap((polygon) => polygon.points.map(([x]) => x));
  const ys = polygons.flatMap((polygon) => polygon.points.map(([, y]) => y));
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  return {
    polygons,
    box: { x: minX, y: minY, width: Math.max(...xs) - minX || 1, height: Math.max(...ys) - minY || 1 },
  };
}

/** Draws a view into the box at (left, top) of `width` points, at most `maxHeight` high; answers the height used. */
export function drawModelView(
  pdf: PDFKit.PDFDocument,
  view: ModelView,
  left: number,
  top: number,
  width: number,
  maxHeight: number,
): number {
  const { box } = view;
  const scale = Math.min(width / box.width, maxHeight / box.height);
  const x0 = left + (width - box.width * scale) / 2;
  pdf.save();
  for (const polygon of view.polygons) {
    pdf
      .polygon(
        ...polygon.points.map(([x, y]): [number, number] => [
          x0 + (x - box.x) * scale,
          top + (y - box.y) * scale,
        ]),
      )
      .fillOpacity(polygon.opacity)
      .lineWidth(0.2)
      .strokeOpacity(0.4)
      .fillAndStroke(polygon.fill, '#555555');
  }
  pdf.restore();
  pdf.fillOpacity(1).strokeOpacity(1).fillColor('black');
  return box.height * scale;
}
