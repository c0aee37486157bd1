import type { ThemeConfig } from 'antd';

/** The smallest touch target (WCAG 2.5.5, Apple and Microsoft touch guidelines): 44 CSS px. */
export const TOUCH_TARGET_PX = 44;

/**
 * The touch layout of surface mode, as antd tokens over the shell's theme (a nested
 * ConfigProvider merges them with the parent's locale and motion settings). Every control height,
 * the small size included (table row links, the page tabs), is at least a touch target, and text is
 * a step larger, because the tablet is used by finger at arm's length.
 */
export const SURFACE_THEME: ThemeConfig = {
  token: {
    fontSize: 16,
    fontSizeLG: 18,
    controlHeightSM: TOUCH_TARGET_PX,
    controlHeight: 48,
    controlHeightLG: 52,
  },
  components: {
    Layout: { headerHeight: 72, triggerHeight: 56 },
    Menu: { itemHeight: 52, iconSize: 18, collapsedIconSize: 22, collapsedWidth: 88 },
    Tabs: { cardHeight: 48, cardHeightSM: TOUCH_TARGET_PX, cardHeightLG: 52 },
    Table: { cellPaddingBlock: 16, cellPaddingBlockMD: 14, cellPaddingBlockSM: 12 },
    Pagination: { itemSize: TOUCH_TARGET_PX, itemSizeSM: TOUCH_TARGET_PX, itemSizeLG: 48 },
    Checkbox: { controlInteractiveSize: 24 },
    Radio: { radioSize: 24, dotSize: 12 },
    Switch: { trackHeight: 32, trackMinWidth: 60, handleSize: 28 },
  },
};
