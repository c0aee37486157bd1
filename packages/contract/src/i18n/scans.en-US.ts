import type { scansMessagesZhCN } from './scans.zh-CN.ts';

/** Scan messages (English), typed against the Chinese keys. */
export const scansMessagesEnUS: Record<keyof typeof scansMessagesZhCN, string> = {
  'features.notEnabled': 'This feature is not enabled for your company: {feature}',
  'features.robotTask': 'Robot tasks',
  'features.modeling': 'Modelling',
  'features.externalWall': 'External walls',
  'scans.kindInvalid': 'The scan kind must be pointcloud or model',
  'scans.kindMismatch': 'File {fileId} was uploaded as {uploaded}, not {kind}',
  'scans.fileNotFound': 'File {fileId} does not exist, is not fully uploaded or belongs to another device',
  'scans.placeNotInTask': 'The task has no such place: {place}',
  'scans.notFound': 'The scan does not exist or you may not see it',
  'scans.notFailed': 'Only a scan whose processing failed can be deleted',
  'scans.notReady': 'The scan is not processed yet',
  'scans.error.notPly': 'The file is not a PLY point cloud',
  'scans.error.notPointCloud': 'The file is not a PLY, PCD, LAS or LAZ point cloud',
  'scans.error.notGltf': 'The file is not a glTF 2.0 model',
  'scans.error.noPoints': 'The point cloud has no points',
  'scans.error.nanCoordinates':
    '{count} points of the cloud have coordinates that are not finite numbers (NaN or infinity)',
  'scans.error.tooManyPoints': 'The point cloud has more than {max} points',
  'scans.error.missingBuffers': 'The model is missing data buffers: {detail}',
  'scans.error.unreadable': 'The file cannot be read: {detail}',
  'scans.error.fileGone': 'The uploaded file no longer exists',
};
