/** The demo area's pages below /measurerobot (spec section 2): project list > task list > task detail. */
export const DEMO_PROJECTS_PATH = '/measurerobot/demoProjectList';
export const demoTasksPath = (projectId: string) =>
  `/measurerobot/demoTaskList?projectId=${encodeURIComponent(projectId)}`;
export const demoTaskPath = (taskId: string) =>
  `/measurerobot/demoTaskDetail?id=${encodeURIComponent(taskId)}`;
