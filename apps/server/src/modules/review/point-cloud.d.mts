/** Types of point-cloud.mjs (reading clouds with loaders.gl, fitting their plane). */
export declare class CloudUnreadable extends Error {}
export declare function readPointCloud(
  file: string,
  limits: { maxPoints: number; maxCloudBytes: number },
): Promise<Float64Array>;
export declare function deviationsFromPlane(points: Float64Array): {
  u: Float64Array;
  v: Float64Array;
  d: Float64Array;
};
