import { type Camera, type Intersection, type Object3D, Raycaster, Vector2 } from 'three';

/** A tap moves the finger less than this (px); more is turning the view. */
const TAP_SLOP_PX = 6;

/**
 * Taps (pointer down and up within a few pixels) on a 3D view's canvas: the nearest of `targets()`
 * under the pointer, or undefined on empty space. Answers the function that stops listening.
 */
export function listenForTaps(
  canvas: HTMLCanvasElement,
  camera: Camera,
  targets: () => Object3D[],
  onTap: (hit: Intersection | undefined) => void,
): () => void {
  const raycaster = new Raycaster();
  let down: { x: number; y: number } | null = null;
  const onDown = (event: PointerEvent) => {
    down = { x: event.clientX, y: event.clientY };
  };
  const onUp = (event: PointerEvent) => {
    if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > TAP_SLOP_PX) return;
    down = null;
    const box = canvas.getBoundingClientRect();
    const pointer = new Vector2(
      ((event.clientX - box.left) / box.width) * 2 - 1,
      -((event.clientY - box.top) / box.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, camera);
    onTap(raycaster.intersectObjects(targets(), false)[0]);
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  return () => {
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointerup', onUp);
  };
}
