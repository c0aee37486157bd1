import type { Stage } from '@measure/contract';

export const PROJECT_STANDARDS_PATH = '/measurerobot/standardManageUCDetail';
export const STAGE_STANDARD_PATH = '/measurerobot/standardTypePage';
export const POINT_TYPE_DETAIL_PATH = '/measurerobot/pointTypeDetail';

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** `standardManageUCDetail?projectId=`: the five stage copies of a project. */
export const projectStandardsPathOf = (projectId: string) =>
  `${PROJECT_STANDARDS_PATH}?${query({ projectId })}`;

/** `standardTypePage?projectId=&stage=`: the items of one stage copy. */
export const stageStandardPathOf = (projectId: string, stage: Stage) =>
  `${STAGE_STANDARD_PATH}?${query({ projectId, stage })}`;

/** `pointTypeDetail?projectId=&id=`: one site type with its measure items. */
export const pointTypeDetailPathOf = (projectId: string, id: string) =>
  `${POINT_TYPE_DETAIL_PATH}?${query({ projectId, id })}`;
