/** Route metadata: the page title is the translation of `titleKey` ('namespace:key'). */
export interface RouteHandle {
  titleKey: string;
  /** Pages that are not destinations (not-found) get no page tab. */
  noTab?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
