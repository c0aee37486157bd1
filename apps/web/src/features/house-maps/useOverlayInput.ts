import { useEffect, type RefObject } from 'react';
import type { Vec } from './geometry.ts';
import { elementAt, nearOnScreen, vertexAt } from './hitTest.ts';
import { cursorOf, editOf, localPoint, type Gesture } from './gestures.ts';
import { CLICK_SLOP, CLOSE_RADIUS, type PlanView } from './planView.ts';
import { panBy, toPlan, zoomAt, zoomLimits, type View } from './viewTransform.ts';

type CanvasPointerEvent = React.PointerEvent<HTMLCanvasElement>;

/**
 * All pointer input of the viewport, taken by the overlay canvas (dxf-viewer's own controls never
 * see a pointer): wheel zoom, pan, selecting and moving elements, dragging the vertices of the
 * selected room, and the clicks of the drawing tools. Returns the canvas's event handlers.
 */
export function useOverlayInput(view: PlanView, canvasRef: RefObject<HTMLCanvasElement | null>) {
  const { liveRef, schedule, setView, pointerView, setDraft, finishDraft } = view;

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const view = liveRef.current.view;
      if (!view) return;
      const { x, y } = localPoint(canvas, event);
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      setView(zoomAt(view, Math.exp(-pixels * 0.0015), x, y, zoomLimits(liveRef.current.fitScale, view.yUp)));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPointerDown = (event: CanvasPointerEvent) => {
    const state = liveRef.current;
    const view = pointerView();
    if (!view) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = localPoint(event.currentTarget, event);
    const plan = toPlan(view, x, y);
    const { document, selection, editable, tool: current } = state.props;
    const pan = (click: boolean): Gesture => ({
      kind: 'pan',
      startX: x,
      startY: y,
      lastX: x,
      lastY: y,
      moved: false,
      click,
    });
    if (event.button !== 0) {
      state.gesture = pan(false);
      return;
    }
    if (current !== 'select' && editable) {
      state.gesture = pan(true);
      return;
    }
    const room =
      editable && selection?.kind === 'room'
        ? document.Rooms.find((item) => item.Id === selection.id)
        : undefined;
    const vertex = room ? vertexAt(room, view, x, y) : -1;
    if (room && vertex >= 0) {
      state.gesture = {
        kind: 'vertex',
        roomId: room.Id,
        index: vertex,
        position: plan,
        startX: x,
        startY: y,
        moved: false,
      };
      return;
    }
    const hit = elementAt(document, view, x, y, plan);
    state.props.onSelect(hit);
    state.gesture =
      hit && editable
        ? { kind: 'move', target: hit, start: plan, current: plan, startX: x, startY: y, moved: false }
        : pan(false);
  };

  const onPointerMove = (event: CanvasPointerEvent) => {
    const state = liveRef.current;
    const view = pointerView();
    if (!view) return;
    const { x, y } = localPoint(event.currentTarget, event);
    const plan = toPlan(view, x, y);
    state.cursor = plan;
    const gesture = state.gesture;
    if (!gesture) {
      if (state.props.tool === 'select' || !state.props.editable) {
        const hover = elementAt(state.props.document, view, x, y, plan);
        if (hover?.id !== state.hover?.id) {
          state.hover = hover;
          schedule();
        }
        event.currentTarget.style.cursor = cursorOf(state.props, hover, onHandle(view, x, y));
      }
      if (state.draft.length > 0) schedule();
      return;
    }
    if (!gesture.moved && Math.hypot(x - gesture.startX, y - gesture.startY) > CLICK_SLOP)
      gesture.moved = true;
    if (!gesture.moved) return;
    if (gesture.kind === 'pan') {
      event.currentTarget.style.cursor = 'grabbing';
      setView(panBy(view, x - gesture.lastX, y - gesture.lastY));
      gesture.lastX = x;
      gesture.lastY = y;
    } else if (gesture.kind === 'move') {
      gesture.current = plan;
      schedule();
    } else {
      gesture.position = plan;
      schedule();
    }
  };

  const onPointerUp = (event: CanvasPointerEvent) => {
    const state = liveRef.current;
    const gesture = state.gesture;
    state.gesture = null;
    const view = pointerView();
    if (!gesture || !view) return;
    const { x, y } = localPoint(event.currentTarget, event);
    if (gesture.kind === 'pan' && gesture.click && !gesture.moved) click(toPlan(view, x, y));
    const edit = gesture.kind === 'pan' || !gesture.moved ? null : editOf(gesture);
    if (edit) state.props.onEdit(edit);
    event.currentTarget.style.cursor = cursorOf(state.props, state.hover, false);
    schedule();
  };

  /** True over a vertex handle of the selected room (where a drag reshapes it). */
  const onHandle = (view: View, x: number, y: number) => {
    const { document, selection, editable } = liveRef.current.props;
    if (!editable || selection?.kind !== 'room') return false;
    const room = document.Rooms.find((item) => item.Id === selection.id);
    return room ? vertexAt(room, view, x, y) >= 0 : false;
  };

  const click = (position: Vec) => {
    const state = liveRef.current;
    const view = state.view;
    if (!view) return;
    const { tool: current } = state.props;
    if (current === 'station') state.props.onCreateStation(position);
    else if (current === 'point') state.props.onCreatePoint(position);
    else if (current === 'room') {
      const draft = state.draft;
      const first = draft[0];
      const last = draft.at(-1);
      if (first && draft.length >= 3 && nearOnScreen(view, first, position, CLOSE_RADIUS)) finishDraft();
      // The second click of a double click lands on the vertex just placed.
      else if (!last || !nearOnScreen(view, last, position, CLICK_SLOP)) setDraft([...draft, position]);
    }
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => {
      liveRef.current.gesture = null;
      schedule();
    },
    onPointerLeave: () => {
      liveRef.current.cursor = null;
      liveRef.current.hover = null;
      schedule();
    },
    onDoubleClick: () => {
      if (liveRef.current.props.tool === 'room') finishDraft();
    },
    onContextMenu: (event: React.MouseEvent<HTMLCanvasElement>) => event.preventDefault(),
  };
}
