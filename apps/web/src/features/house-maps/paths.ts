/** Where the editor lives, and its query key. */
export const FLOOR_PLAN_EDITOR_PATH = '/measurerobot/floorPlanEditorDetail';

export const editorPathOf = (houseMapId: string) =>
  `${FLOOR_PLAN_EDITOR_PATH}?id=${encodeURIComponent(houseMapId)}`;

/** Under ['projects'], which every project change invalidates (see projectAdmin's `projectKey`). */
export const houseMapKey = (houseMapId: string) => ['projects', 'houseMap', houseMapId] as const;
