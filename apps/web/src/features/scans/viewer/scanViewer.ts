import { TilesRenderer } from '3d-tiles-renderer/three';
import type { Material, Object3D, PointsMaterial } from 'three';
import {
  Box3,
  Color,
  HemisphereLight,
  Mesh,
  PerspectiveCamera,
  Points,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { softwareWebGl } from '../../house-maps/softwareWebGl.ts';
import { listenForTaps } from '../../reports/tapPick.ts';
import { Overlays } from './overlays.ts';
import {
  type ColourMode,
  fitView,
  NEUTRAL_COLOUR,
  type Point3,
  type RulerShape,
  type SurfaceShape,
} from './sceneData.ts';

const FOV = 50;
/** Screen-space error (px) the tiles aim at: coarser tiles first, so the first frame needs few bytes. */
const TILE_ERROR_TARGET = 20;
const POINT_SIZE_PX = 2;
/** Performance marks the bench and tests read. */
export const FIRST_POINTS_MARK = 'scan-viewer:first-points';

export interface ViewerAsset {
  scanId: string;
  /** Absolute address of a tileset.json (point cloud) or a binary glTF (model). */
  url: string;
  kind: 'tileset' | 'model';
}

export interface ScanViewerOptions {
  assets: readonly ViewerAsset[];
  surfaces: readonly SurfaceShape[];
  rulers: readonly RulerShape[];
  /** Headers of every tile and model request (the session), none under a share. */
  headers: Record<string, string>;
  mode: ColourMode;
  onPick: (pointIndex: number | null) => void;
  onError: (error: unknown) => void;
}

export interface ScanViewer {
  setMode(mode: ColourMode): void;
  select(pointIndex: number | null): void;
  fit(): void;
  dispose(): void;
}

/** Points of tiles and models draw a few pixels wide; under the grade mode the cloud is neutral. */
function paintPoints(root: Object3D, mode: ColourMode) {
  root.traverse((object) => {
    if (!(object instanceof Points)) return;
    const material = object.material as PointsMaterial;
    const baked = Boolean(object.geometry.getAttribute('color'));
    material.size = POINT_SIZE_PX;
    material.sizeAttenuation = false;
    material.vertexColors = mode === 'deviation' && baked;
    material.color = new Color(mode === 'deviation' && baked ? '#ffffff' : NEUTRAL_COLOUR);
    material.needsUpdate = true;
  });
}

/**
 * The 3D view of a task's scans in `container`: point-cloud tilesets (OGC 3D Tiles, 3d-tiles-renderer)
 * and glTF models, in the scan frame (metres, z up), with the scanned surfaces and virtual rulers on
 * top. Orbit controls, fit to what has loaded, drawn only when something changes. Tapping a surface
 * picks its site. Throws when the browser has no WebGL. No meshopt/Draco decoders: they compile
 * WebAssembly, which the app's Content-Security-Policy (script-src 'self') refuses, and the engine
 * writes neither.
 */
export function createScanViewer(container: HTMLElement, options: ScanViewerOptions): ScanViewer {
  let mode = options.mode;
  const renderer = new WebGLRenderer({ antialias: !softwareWebGl(), preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, softwareWebGl() ? 1 : 2));
  renderer.setClearColor('#f0f2f5');
  const canvas = renderer.domElement;
  canvas.style.display = 'block';
  canvas.style.touchAction = 'none';
  canvas.dataset.testid = 'scan-canvas';
  container.style.position = 'relative';
  container.appendChild(canvas);
  const labels = new CSS2DRenderer();
  labels.domElement.style.cssText = 'position:absolute;inset:0;pointer-events:none;';
  container.appendChild(labels.domElement);

  const world = new Scene();
  world.add(new HemisphereLight('#ffffff', '#8c8c8c', 2.5));
  const camera = new PerspectiveCamera(FOV, 1, 0.05, 5000);
  camera.up.set(0, 0, 1);
  camera.position.set(10, -10, 10);
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = false;
  const overlays = new Overlays(options.surfaces, options.rulers);
  world.add(overlays.group);

  const bounds = new Box3();
  for (const surface of options.surfaces)
    for (const corner of surface.corners) bounds.expandByPoint(new Vector3(...corner));
  let userMoved = false;
  let disposed = false;
  let pending = false;
  let pointsShown = false;
  let frames = 0;

  const tilesets: TilesRenderer[] = [];
  const models: Object3D[] = [];
  const fit = () => {
    if (bounds.isEmpty()) return;
    const view = fitView(bounds.min.toArray() as Point3, bounds.max.toArray() as Point3, FOV, camera.aspect);
    controls.target.set(...view.target);
    camera.position.set(...view.position);
    camera.near = Math.max(0.01, view.distance / 1000);
    camera.far = view.distance * 50;
    camera.updateProjectionMatrix();
    controls.update();
    request();
  };
  const grow = (box: Box3) => {
    if (box.isEmpty()) return;
    bounds.union(box);
    if (!userMoved) fit();
  };

  const frame = () => {
    pending = false;
    if (disposed) return;
    camera.updateMatrixWorld();
    for (const tiles of tilesets) {
      tiles.setCamera(camera);
      tiles.setResolutionFromRenderer(camera, renderer);
      tiles.update();
    }
    renderer.render(world, camera);
    labels.render(world, camera);
    // Frames drawn so far: the viewer bench times orbiting by it (drawing happens only on change).
    frames += 1;
    canvas.dataset.frames = String(frames);
    if (!pointsShown && hasPoints()) {
      pointsShown = true;
      // Two frames later the frame with points has been produced (the bench times navigation to it).
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          performance.mark(FIRST_POINTS_MARK);
          container.dataset.points = 'shown';
        }),
      );
    }
  };
  function request() {
    if (pending || disposed) return;
    pending = true;
    requestAnimationFrame(frame);
  }
  const hasPoints = () =>
    models.length > 0 ||
    tilesets.some((tiles) => tiles.visibleTiles.size > 0 && tiles.group.children.length > 0);

  for (const asset of options.assets) {
    if (asset.kind === 'tileset') {
      const tiles = new TilesRenderer(asset.url);
      tiles.fetchOptions = { headers: options.headers, credentials: 'omit' };
      tiles.errorTarget = TILE_ERROR_TARGET;
      tiles.addEventListener('needs-update', request);
      tiles.addEventListener('load-model', ({ scene }) => {
        paintPoints(scene, mode);
        request();
      });
      tiles.addEventListener('load-tile-set', () => {
        const box = new Box3();
        if (tiles.getBoundingBox(box)) grow(box.applyMatrix4(tiles.group.matrixWorld));
      });
      tiles.addEventListener('load-error', ({ error }) => options.onError(error));
      tiles.setCamera(camera);
      world.add(tiles.group);
      tilesets.push(tiles);
    } else {
      const loader = new GLTFLoader();
      loader.setRequestHeader(options.headers);
      loader.load(
        asset.url,
        (gltf) => {
          if (disposed) return;
          // glTF is y-up; the scan frame is z-up (as 3D Tiles turns glTF content).
          gltf.scene.rotation.x = Math.PI / 2;
          gltf.scene.updateMatrixWorld(true);
          paintPoints(gltf.scene, mode);
          world.add(gltf.scene);
          models.push(gltf.scene);
          grow(new Box3().setFromObject(gltf.scene));
          request();
        },
        undefined,
        (error) => options.onError(error),
      );
    }
  }

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, true);
    labels.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    if (!userMoved) fit();
    request();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  controls.addEventListener('change', request);
  controls.addEventListener('start', () => {
    userMoved = true;
  });
  resize();
  fit();

  const stopTaps = listenForTaps(
    canvas,
    camera,
    () => overlays.pickables(),
    (hit) => options.onPick((hit?.object.userData.pointIndex as number | null | undefined) ?? null),
  );

  return {
    setMode(next) {
      mode = next;
      for (const tiles of tilesets) tiles.forEachLoadedModel((scene) => paintPoints(scene, mode));
      for (const model of models) paintPoints(model, mode);
      overlays.setMode(mode);
      request();
    },
    select(pointIndex) {
      overlays.select(pointIndex);
      request();
    },
    fit() {
      userMoved = false;
      fit();
    },
    dispose() {
      disposed = true;
      observer.disconnect();
      stopTaps();
      controls.dispose();
      for (const tiles of tilesets) tiles.dispose();
      for (const model of models) {
        model.traverse((object) => {
          if (object instanceof Mesh || object instanceof Points) {
            object.geometry.dispose();
            for (const material of ([] as Material[]).concat(object.material as Material)) material.dispose();
          }
        });
      }
      overlays.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
      labels.domElement.remove();
    },
  };
}
