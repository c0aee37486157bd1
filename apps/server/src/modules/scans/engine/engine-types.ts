/**
 * The scan engine's interface (pure: no database, no HTTP). The scans module calls it from its job;
 * the engine runs the CPU work in a worker thread and reads files as streams. Coordinates are metres
 * in the scan's frame (x, y as the plan, z up from the finished floor); deviations are millimetres.
 */
import type { FrozenItem } from '../../../db/json-types.ts';

export type Point3 = [number, number, number];
export type PointCloudFormat = 'ply' | 'pcd' | 'las' | 'laz';
export type GradeName = 'qualified' | 'warning' | 'unqualified' | 'exploded';

/**
 * Bad input, with a message key of `scans.error.*` (packages/contract/src/i18n/scans.*.ts) and its
 * parameters: the scan fails with this translated reason, nothing else changes.
 */
export class ScanInputError extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

export interface ProcessCloudInput {
  /** A local file (the caller downloads S3 objects first, e.g. DeviceFileStore.withLocalFile). */
  inputPath: string;
  /** An empty local directory: tileset.json and the tiles (*.glb, flat names) are written here. */
  outputDir: string;
  /** true: the cloud is one site's own surface (one plane); false: find the wall-like planes in it. */
  siteScan: boolean;
  /** The task's frozen flatness item: its grades colour the deviation; null: no colouring by grade. */
  flatness: FrozenItem | null;
  /** The task's frozen verticality item, for virtual rulers; null: none derived. */
  verticality: FrozenItem | null;
  /** Grade colours, '#rrggbb'. */
  colors: Record<GradeName, string>;
  /** 0-100, called at most a few times a second. */
  onProgress?: (percent: number) => void;
}

/** A ruler laid by the platform on a surface (domain.md sections 5 and 11). */
export interface DerivedRuler {
  from: Point3;
  to: Point3;
  valueMm: number;
}

export interface DerivedReading {
  /** The frozen item's Code. */
  itemCode: string;
  /** One value per ruler, in the order of `rulers`. */
  rulers: DerivedRuler[];
}

export interface ScannedSurface {
  points: number;
  /** Corners of the surface's rectangle on its fitted plane, counter-clockwise seen from `normal`. */
  corners: [Point3, Point3, Point3, Point3];
  /** Unit normal of the fitted plane; deviations are signed along it. */
  normal: Point3;
  /** Plane offset: normal . p = offset for points on the plane. */
  offset: number;
  maxMm: number;
  minMm: number;
  rmsMm: number;
  /** Share (0..1) of the surface's area whose deviation is outside the flatness standard; 0 without flatness. */
  outOfToleranceShare: number;
  areaM2: number;
  /** 'wall' (near-vertical) or 'ceiling' / 'floor' (near-horizontal). */
  kind: 'wall' | 'ceiling' | 'floor';
  /** Readings by virtual rulers for the flatness and verticality items given (empty if none apply). */
  readings: DerivedReading[];
}

export interface ProcessCloudResult {
  format: PointCloudFormat;
  /** Points read = points in the tileset (points with non-finite coordinates fail the scan instead). */
  points: number;
  bounds: { min: Point3; max: Point3 };
  surfaces: ScannedSurface[];
  /** Names of the files written into outputDir (tileset.json first). */
  files: string[];
}

export interface CheckModelResult {
  format: 'glb' | 'gltf';
  /** The binary glTF to serve, compacted (quantized) in workDir; the original is left as it was. */
  glbPath: string;
  triangles: number;
  bounds: { min: Point3; max: Point3 };
}

export interface ScanEngine {
  /** Reads, checks, tiles and measures a point cloud; throws ScanInputError for bad input. */
  processPointCloud(input: ProcessCloudInput): Promise<ProcessCloudResult>;
  /** Checks a glTF 2.0 model (.glb or .gltf with embedded buffers) and makes it a compact .glb in workDir. */
  checkModel(input: { inputPath: string; workDir: string }): Promise<CheckModelResult>;
}
