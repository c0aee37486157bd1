import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { FullscreenGuard } from './FullscreenGuard.tsx';
import { useSurfaceMode } from './surfaceMode.ts';
import { SURFACE_THEME } from './surfaceTheme.ts';
import './touch.css';

/**
 * The signed-in shell in surface mode: the touch theme (large controls and text for every antd
 * component below) and the full-screen guard. Outside surface mode it adds nothing: the nested
 * ConfigProvider without settings inherits the shell's, and the tree keeps its shape, so a change
 * of mode does not remount the open page.
 */
export function SurfaceProvider({ children }: { children: ReactNode }) {
  const surface = useSurfaceMode();
  useEffect(() => {
    if (!surface) return;
    // Marks the page for the rules of touch.css and for tests.
    document.documentElement.dataset.surface = 'touch';
    return () => {
      delete document.documentElement.dataset.surface;
    };
  }, [surface]);
  return (
    <ConfigProvider theme={surface ? SURFACE_THEME : undefined} componentSize={surface ? 'large' : undefined}>
      {surface && <FullscreenGuard />}
      {children}
    </ConfigProvider>
  );
}
