import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadPhase } from './dxfBase.ts';
import { loadPlanBase, type PlanBase, type PlanSource } from './planBase.ts';
import type { PlanView } from './planView.ts';

export type BaseStatus =
  { state: 'loading'; phase: LoadPhase | null } | { state: 'ready' } | { state: 'error'; message: string };

/**
 * Loads the layer below the overlay once per plan: the DXF drawing (dxf-viewer, WebGL) into
 * `baseHostRef`, or the bitmap into `imageRef`. When it is ready the view is fitted and painted, and
 * the first rendered frame is marked (the benchmark reads the mark). Returns the loading state.
 */
export function usePlanBase(
  plan: PlanSource,
  view: PlanView,
  refs: {
    rootRef: RefObject<HTMLDivElement | null>;
    baseHostRef: RefObject<HTMLDivElement | null>;
    imageRef: RefObject<HTMLImageElement | null>;
  },
): BaseStatus {
  const { t } = useTranslation('house-maps');
  const [status, setStatus] = useState<BaseStatus>({ state: 'loading', phase: null });

  useEffect(() => {
    let cancelled = false;
    let loaded: PlanBase | null = null;
    const state = view.liveRef.current;
    const ready = (base: PlanBase) => {
      loaded = base;
      state.base = base;
      view.fit();
      view.paint();
      setStatus({ state: 'ready' });
      state.props.onLoaded(base.layers);
      // Two frames: the second starts only once the first (with the drawing) has been produced.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (cancelled) return;
          performance.mark('floor-plan:first-render');
          refs.rootRef.current?.setAttribute('data-first-render', 'true');
        }),
      );
    };
    const host = refs.baseHostRef.current;
    if (!host) return;
    loadPlanBase(
      plan,
      host,
      refs.imageRef.current,
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
    // The plan decides everything here; the handlers read the latest props through `liveRef`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan]);

  return status;
}
