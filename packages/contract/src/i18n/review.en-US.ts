import type { reviewMessagesZhCN } from './review.zh-CN.ts';

/** Review messages (English), typed against the Chinese keys. */
export const reviewMessagesEnUS: Record<keyof typeof reviewMessagesZhCN, string> = {
  'review.pointIndexRange': 'The site number must be a whole number from 1 to 10000000',
  'review.rulerIndexRange': 'The ruler number must be a whole number from 0 to 20000',
  'review.grade.qualified': 'Qualified',
  'review.grade.warning': 'Warning',
  'review.grade.unqualified': 'Unqualified',
  'review.grade.exploded': 'Severe deviation',
  'review.grade.none': 'Not measured',
  'review.householdNotInTask': 'The task has no household {household}',
  'review.planNoRooms': 'The plan of household {household} has no rooms',
  'review.siteNotFound': 'The task has no site number {index}',
  'review.itemNotMeasured': 'Site {index} has no readings of measure item {code}',
  'review.rulerOutOfRange':
    'Measure item {code} has {count} values at this site; number {ruler} is out of range',
  'review.noRulers': 'Measure item {code} has no rulers at this site, so no ruler can be moved',
  'review.taskAudited': 'The task has been audited; its data is locked',
  'review.taskCancelled': 'The task was cancelled; its data cannot be changed',
  'review.auditState': 'Only an uploaded task can be audited',
  'review.pictureNotFound': 'The picture does not exist',
  'review.pictureUndecodable': 'The picture cannot be decoded for annotation ({reason})',
  'review.notFlatness':
    'Measure item {code} is not a flatness item; algorithm images are drawn for flatness items only',
  'review.algorithmNoGeometry':
    'Measure item {code} at site {index} has no valid values with rulers and no readable point cloud, so its surface cannot be drawn',
  'review.algorithmFailed': 'The algorithm image could not be drawn ({reason})',
  'review.rulerSaved': 'Ruler setting saved',
  'review.valueSaved': 'Value corrected',
  'review.audited': 'Task audited',
} as const;
