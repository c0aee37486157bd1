import type { externalWallsMessagesZhCN } from './external-walls.zh-CN.ts';

/** External-wall messages (English), typed against the Chinese keys. */
export const externalWallsMessagesEnUS: Record<keyof typeof externalWallsMessagesZhCN, string> = {
  'externalWalls.taskName': '{building} facades {sides} {floors} {stage}',
  'externalWalls.otherBuilding': "Building {building} is not the task's building ({taskBuilding})",
  'externalWalls.facadeHasNoRoom': 'A facade panel is placed by side, not in a room: send no RoomId',
  'externalWalls.taskKindInvalid': 'The task kind must be indoor or externalWall',
  'externalWalls.sideTooLong': 'A side name has at most 16 characters',
  'externalWalls.widthRange': 'A facade is more than 0 and at most 1,000 m wide',
  'externalWalls.tooManySides': 'An external-wall task has at most 16 sides',
  'externalWalls.noHouseholds': 'An external-wall task is not planned by household: choose no households',
  'externalWalls.sidesRequired': 'Add at least one side',
  'externalWalls.sideTwice': 'This side is named twice (case does not matter)',
  'externalWalls.alongRange': 'A panel lies between 0 and 1,000 m along its side',
  'externalWalls.floorBand': 'The last floor cannot be below the first floor',
  'externalWalls.floorsOutsideBuilding':
    'Floors {from}–{to} are outside building {building} (floors 1–{floors})',
  'externalWalls.outsideSide': 'The panel lies outside side {side} (0–{width} m wide)',
  'externalWalls.heightRange': 'A panel lies between -50 m and 1,000 m above ±0.000',
  'externalWalls.facadeHasNoHousehold': 'A facade panel is placed by side, not by household',
  'externalWalls.panelEmpty': 'A panel ends after it starts: X1 > X0 and Z1 > Z0',
  'externalWalls.unknownSide': 'The task has no side {side}',
  'externalWalls.outsideFloorBand': 'Floor {floor} is outside the task floors {from}–{to}',
  'externalWalls.panelsOverlap': 'Panel {pointIndex} overlaps panel {other} on side {side}',
  'externalWalls.indoorSiteOnFacadeTask':
    'A site of an external-wall task is placed by Side, X0, X1, Z0 and Z1',
  'externalWalls.facadeSiteOnIndoorTask': 'A site of an indoor task cannot be placed on a facade',
  'externalWalls.indoorItem':
    'Item {item} is not an external-wall item: an external-wall task cannot take it',
  'externalWalls.externalItem': 'Item {item} is an external-wall item: an indoor task cannot take it',
  'externalWalls.noExternalItems': 'The stage has no enabled external-wall items',
  'externalWalls.notExternalTask': 'This task is not an external-wall task',
  'externalWalls.sideIndexRange': 'The task has no side number {index}',
};
