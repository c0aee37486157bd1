import type { Vec } from './geometry.ts';
import { applyEdit, type Edit, type ElementRef, type PlanDocument } from './planDocument.ts';

export type Tool = 'select' | 'room' | 'station' | 'point';

/** What a press on the plan has started: panning (or a click), moving an element, or a vertex. */
export type Gesture =
  | {
      kind: 'pan';
      startX: number;
      startY: number;
      lastX: number;
      lastY: number;
      moved: boolean;
      click: boolean;
    }
  | {
      kind: 'move';
      target: ElementRef;
      start: Vec;
      current: Vec;
      startX: number;
      startY: number;
      moved: boolean;
    }
  | {
      kind: 'vertex';
      roomId: string;
      index: number;
      position: Vec;
      startX: number;
      startY: number;
      moved: boolean;
    };

/** The pointer: a cross for drawing, a move or resize mark over what a drag would change. */
export function cursorOf(
  props: { editable: boolean; tool: Tool },
  hover: ElementRef | null,
  handle: boolean,
): string {
  if (props.editable && props.tool !== 'select') return 'crosshair';
  if (!props.editable) return hover ? 'pointer' : 'grab';
  if (handle) return 'nwse-resize';
  return hover ? 'move' : 'grab';
}

/** A pointer position relative to an element. */
export function localPoint(element: Element, event: { clientX: number; clientY: number }) {
  const rect = element.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/** The edit a finished drag makes. */
export function editOf(gesture: Exclude<Gesture, { kind: 'pan' }>): Edit {
  return gesture.kind === 'move'
    ? {
        type: 'move',
        target: gesture.target,
        dx: gesture.current.X - gesture.start.X,
        dy: gesture.current.Y - gesture.start.Y,
      }
    : { type: 'moveVertex', roomId: gesture.roomId, index: gesture.index, position: gesture.position };
}

/** The document as it will be when the element being dragged is dropped. */
export function previewOf(document: PlanDocument, gesture: Gesture | null): PlanDocument {
  if (!gesture || gesture.kind === 'pan' || !gesture.moved) return document;
  return applyEdit(document, editOf(gesture));
}
