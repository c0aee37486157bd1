/** The width antd gives the row selection column of a table (`rowSelection`). */
export const SELECTION_WIDTH = 32;

/**
 * The width a table needs: the sum of its column widths (plus the selection column). Used as the
 * table's `scroll.x`, the table fits its container when that is wide enough (lists are sized to fit
 * at 1280 px and wider, long text cut with an ellipsis and its full text as a tooltip) and scrolls
 * sideways only below.
 */
export function columnsWidth(columns: readonly { width?: number | string }[], extra = 0): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), extra);
}
