import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cursorOf } from './gestures.ts';
import { PlanStatus } from './PlanStatus.tsx';
import { useFollowSize, usePlanView, type ViewportProps } from './planView.ts';
import { useOverlayInput } from './useOverlayInput.ts';
import { usePlanBase } from './usePlanBase.ts';
import { zoomAt, zoomLimits } from './viewTransform.ts';

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

interface PlanViewportProps extends ViewportProps {
  ref?: Ref<ViewportHandle>;
}

/**
 * The plan with its overlay: the DXF (dxf-viewer, WebGL) or the bitmap below (usePlanBase), a 2D
 * canvas with rooms, stations and points above (planView). The overlay takes all pointer input
 * (useOverlayInput); pan and zoom change one view (plan units) that both layers follow. Nothing here
 * re-renders React on pointer moves: the view and gestures live in refs and the canvas is repainted
 * at most once per animation frame.
 */
export function PlanViewport({ ref, ...props }: PlanViewportProps) {
  const { t } = useTranslation('house-maps');
  const rootRef = useRef<HTMLDivElement>(null);
  const baseHostRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = usePlanView(props, rootRef, canvasRef);
  const { liveRef, setView, setDraft, schedule } = view;

  useImperativeHandle(ref, () => ({
    fit: view.fit,
    zoom(factor) {
      const current = liveRef.current.view;
      if (current)
        setView(
          zoomAt(
            current,
            factor,
            current.width / 2,
            current.height / 2,
            zoomLimits(liveRef.current.fitScale, current.yUp),
          ),
        );
    },
    finishDraft: view.finishDraft,
    cancelDraft() {
      if (liveRef.current.draft.length === 0) return false;
      setDraft([]);
      return true;
    },
    undoDraftVertex() {
      if (liveRef.current.draft.length === 0) return false;
      setDraft(liveRef.current.draft.slice(0, -1));
      return true;
    },
    setLayerVisible(name, visible) {
      liveRef.current.base?.showLayer(name, visible);
    },
  }));

  // Load the base once per plan, then follow the viewport's size.
  const status = usePlanBase(props.plan, view, { rootRef, baseHostRef, imageRef });
  useFollowSize(view, rootRef);

  // Repaint when what is drawn changes; a new tool drops a half-drawn room.
  useEffect(() => schedule());
  const { tool } = props;
  useEffect(() => {
    if (liveRef.current.draft.length > 0) setDraft([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool]);

  const input = useOverlayInput(view, canvasRef);

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
        {...input}
      />
      <PlanStatus status={status} />
    </div>
  );
}
