/** External-wall task management (a menu page, gated by EnabledExternalWall). */
export const EXTERNAL_WALL_TASKS_PATH = '/measurerobot/externalWallTaskManage';

/** The elevation page of one external-wall task (`taskDetailExternalWall`, a child of task data). */
export const externalWallTaskPath = (taskId: string) =>
  `/measurerobot/taskDetailExternalWall?taskId=${encodeURIComponent(taskId)}`;

/** The public share of one side: `index` is the 0-based side index (measurement-api.md section 9). */
export const externalWallSharePath = (shareId: string, index: number) =>
  `/supplement/externalWallTaskPreview/${encodeURIComponent(shareId)}/${index}`;
