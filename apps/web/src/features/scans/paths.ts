/**
 * The model preview of a task (`modelTaskData`, a child of the task data page), optionally on one scan
 * and with one site picked (its deviation figures, readings and pictures open below the view).
 */
export const modelTaskDataPath = (taskId: string, scanId?: string | null, pointIndex?: number | null) =>
  `/measurerobot/modelTaskData?taskId=${encodeURIComponent(taskId)}${scanId ? `&scanId=${encodeURIComponent(scanId)}` : ''}${
    pointIndex ? `&pointIndex=${pointIndex}` : ''
  }`;

export const POINT_CLOUD_PATH = '/measurerobot/mscPointCloudData';
