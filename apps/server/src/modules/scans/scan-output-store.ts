import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ObjectNotFoundError, type ObjectStore } from '../../core/storage/object-store.ts';

/** Where a scan's outputs live in the object store: `scans/<companyId>/<scanId>/...`. */
export const scanPrefixOf = (companyId: string, scanId: string) => `scans/${companyId}/${scanId}`;

const TILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,79}$/;
const TILE_TYPES: Record<string, string> = { '.json': 'application/json', '.glb': 'model/gltf-binary' };

/** The content type of a tileset file by its name (tileset.json, *.glb); null for anything else. */
export function scanTileType(name: string): string | null {
  if (!TILE_NAME.test(name)) return null;
  return TILE_TYPES[path.extname(name).toLowerCase()] ?? null;
}

/**
 * A scan's processed outputs (the tileset of a cloud, the .glb of a model) in the object store, so
 * any instance serves what a job on another wrote. Files are put one by one (each put is atomic);
 * the scan row names the folder only once every file is in.
 */
export class ScanOutputStore {
  constructor(private readonly objects: ObjectStore) {}

  /** Puts the tileset's files from `dir` under the scan's `tiles/` folder; answers the folder's key. */
  async putTiles(companyId: string, scanId: string, dir: string, files: readonly string[]): Promise<string> {
    const folder = `${scanPrefixOf(companyId, scanId)}/tiles`;
    for (const name of files) {
      if (!scanTileType(name)) throw new Error(`not a tileset file name: ${name}`);
      await this.objects.put(`${folder}/${name}`, createReadStream(path.join(dir, name)));
    }
    return folder;
  }

  /** Puts the model's binary glTF; answers its key. */
  async putModel(companyId: string, scanId: string, glbPath: string): Promise<string> {
    const key = `${scanPrefixOf(companyId, scanId)}/model.glb`;
    await this.objects.put(key, createReadStream(glbPath));
    return key;
  }

  /** One tileset file, streamed; throws ObjectNotFoundError when it is not there. */
  async open(folder: string, name: string): Promise<{ stream: Readable; size: number }> {
    const key = `${folder}/${name}`;
    const stat = await this.objects.stat(key);
    if (!stat) throw new ObjectNotFoundError(key);
    return { stream: await this.objects.openRead(key), size: stat.size };
  }

  /** Removes every output of a scan (a deleted scan, or a job starting again). */
  async removeAll(companyId: string, scanId: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of this.objects.list(`${scanPrefixOf(companyId, scanId)}/`, {
      temporaries: true,
    }))
      keys.push(object.key);
    await this.objects.remove(keys);
  }
}
