/** The model preview of a task (`modelTaskData`, a child of the task data page), optionally on one scan. */
export const modelTaskDataPath = (taskId: string, scanId?: string | null) =>
  `/measurerobot/modelTaskData?taskId=${encodeURIComponent(taskId)}${scanId ? `&scanId=${encodeURIComponent(scanId)}` : ''}`;

export const POINT_CLOUD_PATH = '/measurerobot/mscPointCloudData';
