import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { DxfLayer } from './dxfBase.ts';
import type { Vec } from './geometry.ts';
import { nearOnScreen } from './hitTest.ts';
import { previewOf, type Gesture, type Tool } from './gestures.ts';
import { paintOverlay } from './overlayPainter.ts';
import type { PlanBase, PlanSource } from './planBase.ts';
import { documentBounds, type Edit, type ElementRef, type PlanDocument, type Room } from './planDocument.ts';
import { fitView, resize, type View } from './viewTransform.ts';

/** What the viewport shows and whom it tells about changes (PlanViewport's props but `ref`). */
export interface ViewportProps {
  plan: PlanSource;
  document: PlanDocument;
  selection: ElementRef | null;
  tool: Tool;
  editable: boolean;
  roomLabel: (room: Room) => string;
  onEdit: (edit: Edit) => void;
  onSelect: (target: ElementRef | null) => void;
  onCreateRoom: (polygon: Vec[]) => void;
  onCreateStation: (position: Vec) => void;
  onCreatePoint: (position: Vec) => void;
  onDraftChange: (vertices: number) => void;
  onLoaded: (layers: DxfLayer[]) => void;
}

/** A press that travels less than this many pixels is a click. */
export const CLICK_SLOP = 4;
/** A click this close to the first vertex of the room being drawn closes it. */
export const CLOSE_RADIUS = 10;

/** Everything the painter and the pointer handlers read, kept current without re-rendering. */
export interface LiveState {
  props: ViewportProps;
  view: View | null;
  fitScale: number;
  base: PlanBase | null;
  gesture: Gesture | null;
  draft: Vec[];
  cursor: Vec | null;
  hover: ElementRef | null;
  frame: number;
  viewChanged: boolean;
}

/** The view of the viewport and the repainting of its overlay, shared by the base loader and the input. */
export interface PlanView {
  /** The live state (see LiveState); read and written by handlers, never during render. */
  liveRef: RefObject<LiveState>;
  /** Repaints the overlay now (and moves the base to the view when it changed). */
  paint(): void;
  /** Repaints with the next animation frame, at most once per frame. */
  schedule(viewChanged?: boolean): void;
  setView(view: View): void;
  /** The view for a pointer event, resized first when the viewport's size changed unreported. */
  pointerView(): View | null;
  /** Fits the plan (or the document, or a default square) into the viewport. */
  fit(): void;
  /** Sets the room being drawn. */
  setDraft(draft: Vec[]): void;
  /** Closes the room being drawn (at least three vertices); false when there is none to close. */
  finishDraft(): boolean;
}

/**
 * The view (plan units) both layers follow and the overlay canvas painted from it. Nothing here
 * re-renders React on pointer moves: the view and gestures live in a ref and the canvas is repainted
 * at most once per animation frame.
 */
export function usePlanView(
  props: ViewportProps,
  rootRef: RefObject<HTMLDivElement | null>,
  canvasRef: RefObject<HTMLCanvasElement | null>,
): PlanView {
  const liveRef = useRef<LiveState>({
    props,
    view: null,
    fitScale: 1,
    base: null,
    gesture: null,
    draft: [],
    cursor: null,
    hover: null,
    frame: 0,
    viewChanged: true,
  });
  useLayoutEffect(() => {
    liveRef.current.props = props;
  });

  const paint = () => {
    const state = liveRef.current;
    state.frame = 0;
    const canvas = canvasRef.current;
    const view = state.view;
    if (!canvas || !view) return;
    if (state.viewChanged) {
      state.base?.showView(view);
      state.viewChanged = false;
    }
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(view.width * ratio);
    const height = Math.round(view.height * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const { document, selection, editable, tool, roomLabel } = state.props;
    paintOverlay(ctx, view, {
      document: previewOf(document, state.gesture),
      selection,
      hover: state.hover,
      draft: state.draft,
      cursor: state.draft.length > 0 ? state.cursor : null,
      draftClosable:
        state.draft.length >= 3 &&
        state.cursor !== null &&
        nearOnScreen(view, state.draft[0] as Vec, state.cursor, CLOSE_RADIUS),
      handles: editable && tool === 'select',
      roomLabel,
    });
  };
  const schedule = (viewChanged = false) => {
    const state = liveRef.current;
    if (viewChanged) state.viewChanged = true;
    if (!state.frame) state.frame = requestAnimationFrame(paint);
  };
  const setView = (view: View) => {
    liveRef.current.view = view;
    // The current view for automation (browser tests place clicks in plan units through it), set
    // at once rather than with the next frame, so it never describes a view already replaced.
    rootRef.current?.setAttribute(
      'data-view',
      `${view.cx},${view.cy},${view.scale},${view.yUp ? 'up' : 'down'}`,
    );
    schedule(true);
  };
  /**
   * The view for a pointer event. The size follows the viewport's ResizeObserver, which reports
   * only with the next frame: a click right after a layout change (a panel filling in) would
   * otherwise be placed with the old size, off by half the change.
   */
  const pointerView = () => {
    const { view } = liveRef.current;
    const root = rootRef.current;
    if (!view || !root) return view;
    const width = Math.max(root.clientWidth, 1);
    const height = Math.max(root.clientHeight, 1);
    if (view.width === width && view.height === height) return view;
    liveRef.current.base?.resize(width, height);
    setView(resize(view, width, height));
    return liveRef.current.view;
  };
  const fit = () => {
    const state = liveRef.current;
    const root = rootRef.current;
    if (!root) return;
    const bounds = state.base?.bounds ??
      documentBounds(state.props.document) ?? { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
    const view = fitView(bounds, root.clientWidth, root.clientHeight, state.props.plan.kind === 'dxf');
    state.fitScale = view.scale;
    setView(view);
  };
  const setDraft = (draft: Vec[]) => {
    liveRef.current.draft = draft;
    liveRef.current.props.onDraftChange(draft.length);
    schedule();
  };
  const finishDraft = () => {
    const draft = liveRef.current.draft;
    if (draft.length < 3) return false;
    setDraft([]);
    liveRef.current.props.onCreateRoom(draft);
    return true;
  };

  return { liveRef, paint, schedule, setView, pointerView, fit, setDraft, finishDraft };
}

/** Follows the viewport's size: the base and the view are resized with it. */
export function useFollowSize(view: PlanView, rootRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const observer = new ResizeObserver(() => {
      const state = view.liveRef.current;
      const width = Math.max(root.clientWidth, 1);
      const height = Math.max(root.clientHeight, 1);
      state.base?.resize(width, height);
      if (state.view) view.setView(resize(state.view, width, height));
    });
    observer.observe(root);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
