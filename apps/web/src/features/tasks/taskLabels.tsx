import { STAGE_LABELS, type Figures, type Stage, type TaskState } from '@measure/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@measure/contract/languages';
import './i18n.ts';

export const TASK_CENTER_PATH = '/measurerobot/taskCenter';
export const TASK_DISPATCH_PATH = '/measurerobot/taskManage';
export const TASK_EXECUTION_PATH = '/measurerobot/TaskExcuse';
export const manualMeasurePath = (taskId: string) =>
  `/measurerobot/manualMeasure?taskId=${encodeURIComponent(taskId)}`;
export const taskDetailPath = (taskId: string) => `/measurerobot/taskDetail?id=${encodeURIComponent(taskId)}`;

const STATE_COLOR: Record<TaskState, string> = {
  pending: 'default',
  inProgress: 'processing',
  uploaded: 'cyan',
  completed: 'success',
  cancelled: 'error',
};

export function TaskStateTag({ state }: { state: TaskState }) {
  const { t } = useTranslation('tasks');
  return <Tag color={STATE_COLOR[state]}>{t(`state.${state}`)}</Tag>;
}

/** A stage's name in the interface language (the contract keeps both). */
export function useStageLabel(): (stage: Stage) => string {
  const { i18n } = useTranslation();
  const language = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') satisfies Language;
  return (stage) => STAGE_LABELS[stage][language];
}

/** A rate in percent with two decimals, or a dash when nothing was judged. */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${rate.toFixed(2)}%`);

/** The pass rate with the counts it comes from, as a tooltip-friendly line. */
export const figuresLine = (figures: Figures): string =>
  `${figures.Qualified + figures.Warning}/${figures.Total}`;

/** The task data page opened at one site (its picture, readings and grades). */
export const siteReviewPath = (taskId: string, pointIndex: number) =>
  `/measurerobot/mscReportData?taskId=${encodeURIComponent(taskId)}&point=${pointIndex}`;
