import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

interface TileJson {
  content?: { uri: string };
  children?: TileJson[];
}

/** Points of a glb point tile: its POSITION accessors' counts. */
export function glbPoints(glb: Buffer): number {
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8')) as {
    meshes: { primitives: { attributes: { POSITION: number } }[] }[];
    accessors: { count: number }[];
  };
  return json.meshes
    .flatMap((mesh) => mesh.primitives)
    .reduce((sum, primitive) => sum + (json.accessors[primitive.attributes.POSITION]?.count ?? 0), 0);
}

/**
 * Fetches a tileset through the tile route (`get`: an authorized GET of the app) and counts the
 * points of all its tiles, checking the answers' types and caching.
 */
export async function tilesetPoints(
  get: (url: string) => Promise<LightMyRequestResponse>,
  tilesetUrl: string,
): Promise<number> {
  const base = tilesetUrl.slice(0, tilesetUrl.lastIndexOf('/') + 1);
  const tileset = await get(tilesetUrl);
  expect(tileset.statusCode).toBe(200);
  expect(tileset.headers['content-type']).toContain('application/json');
  expect(tileset.headers['cache-control']).toBe('private, max-age=86400, immutable');
  let points = 0;
  const walk = async (tile: TileJson): Promise<void> => {
    if (tile.content) {
      const file = await get(base + tile.content.uri);
      expect(file.headers['content-type']).toBe('model/gltf-binary');
      points += glbPoints(file.rawPayload);
    }
    for (const child of tile.children ?? []) await walk(child);
  };
  await walk((tileset.json() as { root: TileJson }).root);
  return points;
}
