import {
  AmbientLight,
  Color,
  DirectionalLight,
  EdgesGeometry,
  ExtrudeGeometry,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  Shape,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { softwareWebGl } from '../house-maps/softwareWebGl.ts';
import { listenForTaps } from './tapPick.ts';
import type { PlanScene, SceneRoom } from './planScene.ts';

const SELECTED_GLOW = new Color('#444444');
const NO_GLOW = new Color('#000000');

let webGlProbed: boolean | null = null;
/** Whether the browser gives WebGL 2 (what three.js needs); probed once on a throw-away context. */
export function webGlAvailable(): boolean {
  if (webGlProbed !== null) return webGlProbed;
  const gl = document.createElement('canvas').getContext('webgl2');
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  webGlProbed = Boolean(gl);
  return webGlProbed;
}

export interface PlanViewer {
  select(key: string | null): void;
  dispose(): void;
}

/** A room as a prism: its outline extruded upwards from its floor by its height. */
function roomMesh(room: SceneRoom): { mesh: Mesh; edges: LineSegments; material: MeshLambertMaterial } {
  // The shape lies in x/y; turned -90° about x it lies in x/z (shape y = -z) and extrudes up (+y).
  const shape = new Shape(room.outline.map((point) => new Vector2(point.x, -point.z)));
  const geometry = new ExtrudeGeometry(shape, { depth: room.height, bevelEnabled: false });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, room.baseY, 0);
  const material = new MeshLambertMaterial({ color: room.colour, transparent: true, opacity: 0.92 });
  const mesh = new Mesh(geometry, material);
  mesh.userData = { key: room.key };
  const edges = new LineSegments(
    new EdgesGeometry(geometry),
    new LineBasicMaterial({ color: '#595959', transparent: true, opacity: 0.6 }),
  );
  return { mesh, edges, material };
}

/**
 * The three.js view of a plan scene in `container`: orbit (drag to turn, pinch or wheel to zoom, two
 * fingers or right-drag to pan), drawn only when something changes; a tap on a room calls `onPick`
 * with it (null on empty space). Throws when the browser has no WebGL.
 */
export function createPlanViewer(
  container: HTMLElement,
  scene: PlanScene,
  onPick: (room: SceneRoom | null) => void,
): PlanViewer {
  const renderer = new WebGLRenderer({ antialias: !softwareWebGl(), preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor('#f5f5f5');
  const canvas = renderer.domElement;
  canvas.style.display = 'block';
  canvas.style.touchAction = 'none';
  canvas.dataset.testid = 'plan-3d-canvas';
  container.appendChild(canvas);

  const world = new Scene();
  world.add(new AmbientLight('#ffffff', 2));
  const sun = new DirectionalLight('#ffffff', 1.5);
  sun.position.set(1, 2, 1.5);
  world.add(sun);
  const meshes = new Map<string, { mesh: Mesh; material: MeshLambertMaterial }>();
  const rooms = new Map(scene.rooms.map((room) => [room.key, room]));
  for (const room of scene.rooms) {
    const built = roomMesh(room);
    world.add(built.mesh, built.edges);
    meshes.set(room.key, built);
  }

  const { x, y, z } = scene.size;
  const centre = new Vector3(x / 2, y / 2, z / 2);
  const radius = Math.max(4, Math.hypot(x, y, z) / 2);
  const camera = new PerspectiveCamera(45, 1, 0.1, radius * 40);
  const distance = (radius / Math.sin((45 / 2) * (Math.PI / 180))) * 1.05;
  camera.position.copy(centre).add(new Vector3(0.45, 0.6, 1).normalize().multiplyScalar(distance));
  const controls = new OrbitControls(camera, canvas);
  controls.target.copy(centre);
  controls.maxDistance = distance * 4;
  controls.minDistance = 1;
  controls.update();

  const render = () => renderer.render(world, camera);
  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, true);
    camera.aspect = width / height;
    // A narrow phone screen: widen the view so the whole scene fits across as well as up and down.
    camera.zoom = Math.min(1, camera.aspect);
    camera.updateProjectionMatrix();
    render();
  };
  controls.addEventListener('change', render);
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  const stopTaps = listenForTaps(
    canvas,
    camera,
    () => [...meshes.values()].map((entry) => entry.mesh),
    (hit) => onPick(hit ? (rooms.get(String(hit.object.userData.key)) ?? null) : null),
  );

  return {
    select(key) {
      for (const [roomKey, entry] of meshes) {
        entry.material.emissive.copy(roomKey === key ? SELECTED_GLOW : NO_GLOW);
      }
      render();
    },
    dispose() {
      observer.disconnect();
      stopTaps();
      controls.dispose();
      world.traverse((object) => {
        if (object instanceof Mesh || object instanceof LineSegments) {
          object.geometry.dispose();
          (object.material as MeshLambertMaterial | LineBasicMaterial).dispose();
        }
      });
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
