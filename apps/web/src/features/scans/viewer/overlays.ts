import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  Group,
  Line,
  LineBasicMaterial,
  LineLoop,
  Mesh,
  MeshBasicMaterial,
  Vector3,
} from 'three';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import type { ColourMode, RulerShape, SurfaceShape } from './sceneData.ts';

/** How opaque a surface quad is: strong under the grade mode, faint over the deviation colours. */
const OPACITY = { grade: 0.55, deviation: 0.12, selected: 0.7 } as const;
const SELECTED_OUTLINE = new Color('#1677ff');

interface SurfaceDrawing {
  shape: SurfaceShape;
  mesh: Mesh<BufferGeometry, MeshBasicMaterial>;
  outline: LineLoop<BufferGeometry, LineBasicMaterial>;
}

/** The surfaces (pickable translucent quads with outlines) and the virtual rulers with their values. */
export class Overlays {
  readonly group = new Group();
  private readonly surfaces: SurfaceDrawing[] = [];
  private readonly rulers: { shape: RulerShape; line: Line; label: CSS2DObject }[] = [];
  private mode: ColourMode = 'deviation';
  private selected: number | null = null;

  constructor(surfaces: readonly SurfaceShape[], rulers: readonly RulerShape[]) {
    for (const shape of surfaces) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(shape.triangles, 3));
      const mesh = new Mesh(
        geometry,
        new MeshBasicMaterial({
          color: shape.colour,
          transparent: true,
          side: DoubleSide,
          depthWrite: false,
        }),
      );
      mesh.userData = { pointIndex: shape.pointIndex };
      mesh.renderOrder = 1;
      const outline = new LineLoop(
        new BufferGeometry().setFromPoints(shape.corners.map(([x, y, z]) => new Vector3(x, y, z))),
        new LineBasicMaterial({ color: shape.colour }),
      );
      this.group.add(mesh, outline);
      this.surfaces.push({ shape, mesh, outline });
    }
    for (const shape of rulers) {
      const line = new Line(
        new BufferGeometry().setFromPoints([shape.from, shape.to].map(([x, y, z]) => new Vector3(x, y, z))),
        new LineBasicMaterial({ color: shape.colour, depthTest: false }),
      );
      line.renderOrder = 2;
      const text = document.createElement('span');
      text.textContent = shape.label;
      text.className = 'scan-ruler-label';
      text.style.cssText =
        'font: 12px sans-serif; padding: 1px 4px; border-radius: 3px; background: rgba(255,255,255,.85);' +
        `border: 1px solid ${shape.colour}; white-space: nowrap; pointer-events: none;`;
      const label = new CSS2DObject(text);
      label.position.set(
        (shape.from[0] + shape.to[0]) / 2,
        (shape.from[1] + shape.to[1]) / 2,
        (shape.from[2] + shape.to[2]) / 2,
      );
      this.group.add(line, label);
      this.rulers.push({ shape, line, label });
    }
    this.refresh();
  }

  /** The quads a ray may pick. */
  pickables(): Mesh[] {
    return this.surfaces.map((surface) => surface.mesh);
  }

  setMode(mode: ColourMode) {
    this.mode = mode;
    this.refresh();
  }

  select(pointIndex: number | null) {
    this.selected = pointIndex;
    this.refresh();
  }

  private refresh() {
    for (const { shape, mesh, outline } of this.surfaces) {
      const picked = this.selected !== null && shape.pointIndex === this.selected;
      mesh.material.opacity = picked ? OPACITY.selected : OPACITY[this.mode];
      outline.material.color.set(picked ? SELECTED_OUTLINE : new Color(shape.colour));
    }
    // Rulers show on the picked site only (all of them at once would hide the walls).
    for (const { shape, line, label } of this.rulers) {
      const shown = this.selected !== null && shape.pointIndex === this.selected;
      line.visible = shown;
      label.visible = shown;
    }
  }

  dispose() {
    for (const { mesh, outline } of this.surfaces) {
      mesh.geometry.dispose();
      mesh.material.dispose();
      outline.geometry.dispose();
      outline.material.dispose();
    }
    for (const { line, label } of this.rulers) {
      line.geometry.dispose();
      (line.material as LineBasicMaterial).dispose();
      label.element.remove();
    }
  }
}
