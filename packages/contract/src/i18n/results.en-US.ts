import type { resultsMessagesZhCN } from './results.zh-CN.ts';

/** Results messages (English), typed against the Chinese keys. */
export const resultsMessagesEnUS: Record<keyof typeof resultsMessagesZhCN, string> = {
  'results.exportFailed': 'The export failed; start it again',
  'results.exportInterrupted': 'The export was interrupted by a server restart; start it again',
  'results.valueInvalid': 'A value must be a finite number',
  'results.valueRange': 'A value cannot exceed 20000 in absolute value',
  'results.valuesRequired': 'At least one value is needed',
  'results.tooManyValues': 'A site has at most 20000 values',
  'results.readingsRequired': 'A site needs the readings of at least one measure item',
  'results.sitesRequired': 'At least one site is needed',
  'results.sourceInvalid': 'The source must be robot, scanner, ruler or manual',
  'results.measuredAtInvalid': 'The measuring time must be an ISO date-time with a time zone',
  'results.measuredInFuture':
    "The measuring time {measuredAt} is more than {minutes} minutes after the server's time {serverTime}",
  'results.idempotencyKeyRequired': 'The Idempotency-Key header (1 to 255 characters) is missing',
  'results.idempotencyKeyReused': 'This Idempotency-Key was already used for a different batch',
  'results.householdNotInTask':
    'Building {building}, floor {floor}, household {household} is not in this task',
  'results.roomNotInHouseType': "The room {room} is not in the household's house type",
  'results.itemNotInTask': 'The measure item {code} is not an item of this task',
  'results.itemTwice': 'The measure item {code} appears twice in one site',
  'results.pointIndexTwice': 'The site index {index} appears twice in this batch',
  'results.siteTooManyValues': 'A site has at most 20000 values; this one has {count}',
  'results.rulersMismatch': 'The number of rulers ({rulers}) must equal the number of values ({values})',
  'results.taskClosed': 'The task is in state "{state}"; no more results can be uploaded',
  'results.manualNotAllowed': 'The measure rule of item {code} does not allow manual entry',
  'results.manualTooManyValues': 'The item {code} takes at most {max} readings per site',
  'results.manualSaved': 'Readings saved',
  'results.fileKindInvalid': 'The upload kind must be picture, pointcloud, model or other',
  'results.fileNameRequired': 'An upload needs a filename',
  'results.fileLengthRequired': 'An upload must declare its Upload-Length',
  'results.fileTooLarge': '{kind} files are limited to {max} MB',
  'results.fileNotFound': 'No such upload',
  'results.fileInvalid': 'The file {file} is not a finished {kind} upload of this device',
};
