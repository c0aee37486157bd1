import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { FileStore } from '../../core/file-store.ts';
import type { ByteSpan, ObjectStore } from '../../core/storage/object-store.ts';
import { transferableCopy, workerPool } from '../../core/worker-pool.ts';
import type { PlanFileStore } from './file-store.ts';

/** The graphile-worker task that prepares a DXF plan's scene (queued with the plan's write). */
export const PLAN_SCENE_JOB = 'houseMaps:buildScene';

/** What the job is given: the plan file's stored name (`<uuid>.dxf`). */
export interface PlanSceneJobPayload {
  storedName: string;
}

export const isPlanSceneJobPayload = (value: unknown): value is PlanSceneJobPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PlanSceneJobPayload).storedName === 'string';

/** A stored scene to send: `br` as the job stores it, `identity` for a scene stored before that. */
export interface StoredScene {
  name: string;
  size: number;
  encoding: 'br' | 'identity';
  open: (span?: ByteSpan) => Promise<Readable>;
}

/**
 * The scenes of DXF plans under `uploads/house-map-scenes`, each named after its plan
 * (`<uuid>.dxf` -> `<uuid>.scene.br`, brotli-compressed): a replaced plan has a new name, so a scene
 * always belongs to the file it was built from, and needs no row of its own. Scenes stored before
 * they were compressed (`<uuid>.scene`) are still served, and removed with their plan.
 */
export class PlanSceneStore extends FileStore<'scene.br' | 'scene'> {
  constructor(store: ObjectStore) {
    super(store, 'uploads/house-map-scenes', ['scene.br', 'scene']);
  }

  /** The scene's name of a plan file; null for a plan that is not a drawing. */
  static nameOf(planStoredName: string): string | null {
    return planStoredName.endsWith('.dxf') ? `${planStoredName.slice(0, -'.dxf'.length)}.scene.br` : null;
  }

  /** Every name a plan's scene may have (the uncompressed one of older scenes too). */
  static namesOf(planStoredName: string): string[] {
    const name = PlanSceneStore.nameOf(planStoredName);
    return name ? [name, name.slice(0, -'.br'.length)] : [];
  }

  async writeFor(planStoredName: string, compressed: Buffer): Promise<void> {
    const name = PlanSceneStore.nameOf(planStoredName);
    if (name) await this.store.put(this.keyOf(name), compressed);
  }

  /** The scene of a plan, or undefined while there is none. */
  async find(planStoredName: string): Promise<StoredScene | undefined> {
    for (const name of PlanSceneStore.namesOf(planStoredName)) {
      const stat = await this.stat(name);
      if (stat)
        return {
          name,
          size: stat.size,
          encoding: name.endsWith('.br') ? 'br' : 'identity',
          open: (span) => this.openRead(name, span),
        };
    }
    return undefined;
  }

  /** Removes the scenes of plans (removed or replaced files); never fails on a missing one. */
  async removeFor(planStoredNames: readonly string[]): Promise<void> {
    await this.remove(planStoredNames.flatMap((name) => PlanSceneStore.namesOf(name)));
  }
}

type SceneAnswer = { ok: true; scene: Uint8Array } | { ok: false; reason: string };

/**
 * dxf-viewer's scene building takes seconds and up to ~2 GB for the largest drawings: one thread
 * (a background job, never on a request's path), the rest waits in the queue.
 */
const scenePool = workerPool<Uint8Array, SceneAnswer>(new URL('./plan-scene-worker.mjs', import.meta.url), {
  maxThreads: 1,
  maxOldGenerationSizeMb: 3072,
  timeoutMs: 180_000,
});

/**
 * The `houseMaps:buildScene` job: reads the plan, builds the scene in the worker thread and stores
 * it. A plan gone or replaced meanwhile, or a scene already there, leaves nothing to do. A drawing
 * dxf-viewer cannot build is logged and left without a scene (no retry: the same bytes fail again);
 * the editor then builds it in the browser as before. Other failures (storage) are retried as jobs are.
 */
export class PlanSceneBuilder {
  constructor(
    private readonly deps: { files: PlanFileStore; scenes: PlanSceneStore; log: FastifyBaseLogger },
  ) {}

  async run(payload: PlanSceneJobPayload): Promise<'built' | 'skipped' | 'failed'> {
    if (!PlanSceneStore.nameOf(payload.storedName) || (await this.deps.scenes.find(payload.storedName)))
      return 'skipped';
    if (!(await this.deps.files.stat(payload.storedName))) return 'skipped';
    const { bytes, transfer } = transferableCopy(await this.deps.files.read(payload.storedName));
    let answer: SceneAnswer;
    try {
      answer = await scenePool.run(bytes, transfer);
    } catch (error) {
      answer = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!answer.ok) {
      this.deps.log.warn(
        { component: 'jobs', storedName: payload.storedName, reason: answer.reason },
        'plan scene not built: the editor draws this plan from the DXF',
      );
      return 'failed';
    }
    await this.deps.scenes.writeFor(payload.storedName, Buffer.from(answer.scene));
    return 'built';
  }
}
