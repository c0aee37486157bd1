import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DxfLayer, LoadPhase } from './dxfBase.ts';
import type { Vec } from './geometry.ts';
import { elementAt, nearOnScreen, vertexAt } from './hitTest.ts';
import { cursorOf, editOf, localPoint, previewOf, type Gesture, type Tool } from './gestures.ts';
import { paintOverlay } from './overlayPainter.ts';
import { loadPlanBase, type PlanBase, type PlanSource } from './planBase.ts';
import { documentBounds, type Edit, type ElementRef, type PlanDocument, type Room } from './planDocument.ts';
import { fitView, panBy, resize, toPlan, zoomAt, zoomLimits, type View } from './viewTransform.ts';

export interface ViewportHandle {
  fit(): void;
  zoom(factor: number): void;
  /** Closes the room being drawn (at least three vertices); false when there is none to close. */
  finishDraft(): boolean;
  /** Drops the room being drawn; false when none was being drawn. */
  cancelDraft(): boolean;
  /** Removes the last vertex of the room being drawn; false when none was being drawn. */
  undoDraftVertex(): boolean;
  setLayerVisible(name: string, visible: boolean): void;
}

interface PlanViewportProps {
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
  ref?: Ref<ViewportHandle>;
}

/** A press that travels less than this many pixels is a click. */
const CLICK_SLOP = 4;
/** A click this close to the first vertex of the room being drawn closes it. */
const CLOSE_RADIUS = 10;

/**
 * The plan with its overlay: the DXF (dxf-viewer, WebGL) or the bitmap below, a 2D canvas with rooms,
 * stations and points above. The overlay takes all pointer input; pan and zoom change one view
 * (plan units) that both layers follow. Nothing here re-renders React on pointer moves: the view
 * and gestures live in refs and the canvas is repainted at most once per animation frame.
 */
export function PlanViewport({ ref, ...props }: PlanViewportProps) {
  const { t } = useTranslation('house-maps');
  const rootRef = useRef<HTMLDivElement>(null);
  const baseHostRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState<
    { state: 'loading'; phase: LoadPhase | null } | { state: 'ready' } | { state: 'error'; message: string }
  >({
    state: 'loading',
    phase: null,
  });

  // Everything the painter and the pointer handlers read, kept current without re-rendering.
  const live = useRef({
    props: props as Omit<PlanViewportProps, 'ref'>,
    view: null as View | null,
    fitScale: 1,
    base: null as PlanBase | null,
    gesture: null as Gesture | null,
    draft: [] as Vec[],
    cursor: null as Vec | null,
    hover: null as ElementRef | null,
    frame: 0,
    viewChanged: true,
  });
  useLayoutEffect(() => {
    live.current.props = props;
  });

  const paint = () => {
    const state = live.current;
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
    const state = live.current;
    if (viewChanged) state.viewChanged = true;
    if (!state.frame) state.frame = requestAnimationFrame(paint);
  };
  const setView = (view: View) => {
    live.current.view = view;
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
    const { view } = live.current;
    const root = rootRef.current;
    if (!view || !root) return view;
    const width = Math.max(root.clientWidth, 1);
    const height = Math.max(root.clientHeight, 1);
    if (view.width === width && view.height === height) return view;
    live.current.base?.resize(width, height);
    setView(resize(view, width, height));
    return live.current.view;
  };
  const fit = () => {
    const state = live.current;
    const root = rootRef.current;
    if (!root) return;
    const bounds = state.base?.bounds ??
      documentBounds(state.props.document) ?? { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
    const view = fitView(bounds, root.clientWidth, root.clientHeight, state.props.plan.kind === 'dxf');
    state.fitScale = view.scale;
    setView(view);
  };
  const setDraft = (draft: Vec[]) => {
    live.current.draft = draft;
    live.current.props.onDraftChange(draft.length);
    schedule();
  };
  const finishDraft = () => {
    const draft = live.current.draft;
    if (draft.length < 3) return false;
    setDraft([]);
    live.current.props.onCreateRoom(draft);
    return true;
  };

  useImperativeHandle(ref, () => ({
    fit,
    zoom(factor) {
      const view = live.current.view;
      if (view)
        setView(
          zoomAt(view, factor, view.width / 2, view.height / 2, zoomLimits(live.current.fitScale, view.yUp)),
        );
    },
    finishDraft,
    cancelDraft() {
      if (live.current.draft.length === 0) return false;
      setDraft([]);
      return true;
    },
    undoDraftVertex() {
      if (live.current.draft.length === 0) return false;
      setDraft(live.current.draft.slice(0, -1));
      return true;
    },
    setLayerVisible(name, visible) {
      live.current.base?.showLayer(name, visible);
    },
  }));

  // Load the base once per plan; mark the first rendered frame (the benchmark reads the mark).
  const { plan } = props;
  useEffect(() => {
    let cancelled = false;
    let loaded: PlanBase | null = null;
    const state = live.current;
    const ready = (base: PlanBase) => {
      loaded = base;
      state.base = base;
      fit();
      paint();
      setStatus({ state: 'ready' });
      state.props.onLoaded(base.layers);
      // Two frames: the second starts only once the first (with the drawing) has been produced.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (cancelled) return;
          performance.mark('floor-plan:first-render');
          rootRef.current?.setAttribute('data-first-render', 'true');
        }),
      );
    };
    const host = baseHostRef.current;
    if (!host) return;
    loadPlanBase(
      plan,
      host,
      imageRef.current,
      (phase) => !cancelled && setStatus({ state: 'loading', phase }),
      () => !cancelled && setStatus({ state: 'error', message: t('viewer.contextLost') }),
    ).then(
      (base) => {
        if (cancelled) base.destroy();
        else ready(base);
      },
      (error: unknown) => {
        console.warn('Plan load failed', error);
        if (cancelled) return;
        const message =
          plan.kind === 'image'
            ? t('viewer.imageFailed')
            : error instanceof Error && error.name === 'NoWebGL'
              ? t('viewer.noWebGl')
              : String(error instanceof Error ? error.message : error);
        setStatus({ state: 'error', message });
      },
    );
    return () => {
      cancelled = true;
      if (state.frame) cancelAnimationFrame(state.frame);
      state.frame = 0;
      loaded?.destroy();
      state.base = null;
      state.view = null;
    };
    // The plan decides everything here; the handlers read the latest props through `live`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan]);

  // Follow the viewport's size.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const observer = new ResizeObserver(() => {
      const state = live.current;
      const width = Math.max(root.clientWidth, 1);
      const height = Math.max(root.clientHeight, 1);
      state.base?.resize(width, height);
      if (state.view) setView(resize(state.view, width, height));
    });
    observer.observe(root);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Repaint when what is drawn changes; a new tool drops a half-drawn room.
  useEffect(() => schedule());
  const { tool } = props;
  useEffect(() => {
    if (live.current.draft.length > 0) setDraft([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const view = live.current.view;
      if (!view) return;
      const { x, y } = localPoint(canvas, event);
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      setView(zoomAt(view, Math.exp(-pixels * 0.0015), x, y, zoomLimits(live.current.fitScale, view.yUp)));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const state = live.current;
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

  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const state = live.current;
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

  const onPointerUp = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const state = live.current;
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
    const { document, selection, editable } = live.current.props;
    if (!editable || selection?.kind !== 'room') return false;
    const room = document.Rooms.find((item) => item.Id === selection.id);
    return room ? vertexAt(room, view, x, y) >= 0 : false;
  };

  const click = (position: Vec) => {
    const state = live.current;
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

  return (
    <div
      ref={rootRef}
      data-testid="plan-viewport"
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#fff' }}
    >
      <div ref={baseHostRef} style={{ position: 'absolute', inset: 0 }} />
      {props.plan.kind === 'image' && (
        <img
          ref={imageRef}
          alt=""
          draggable={false}
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            transformOrigin: '0 0',
            maxWidth: 'none',
            userSelect: 'none',
          }}
        />
      )}
      <canvas
        ref={canvasRef}
        aria-label={t('viewer.canvas')}
        role="img"
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          cursor: cursorOf(props, null, false),
          touchAction: 'none',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          live.current.gesture = null;
          schedule();
        }}
        onPointerLeave={() => {
          live.current.cursor = null;
          live.current.hover = null;
          schedule();
        }}
        onDoubleClick={() => {
          if (live.current.props.tool === 'room') finishDraft();
        }}
        onContextMenu={(event) => event.preventDefault()}
      />
      {status.state === 'loading' && (
        <div style={overlayStyle}>
          <Flex vertical align="center" gap={12} role="status">
            <Spin size="large" />
            <Typography.Text type="secondary">{t(`viewer.phase.${status.phase ?? 'fetch'}`)}</Typography.Text>
          </Flex>
        </div>
      )}
      {status.state === 'error' && (
        <div style={overlayStyle}>
          <Result
            status="warning"
            title={t('viewer.failed')}
            subTitle={status.message}
            extra={<Button onClick={() => window.location.reload()}>{t('viewer.reload')}</Button>}
          />
        </div>
      )}
    </div>
  );
}

const overlayStyle: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.85)',
};
