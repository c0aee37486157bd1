import {
  type AppliedFilterName,
  DEFAULT_INSPECTION_KIND,
  INSPECTION_KINDS,
  MEASURE_KINDS,
  STAGES,
  type InspectionKind,
  type MeasureKind,
  type Stage,
} from '@measure/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { companyToday } from '../../shared/forms/dateShortcuts.ts';

/** The filters of the analysis pages, kept in the URL so a view can be shared and Back works. */
export interface AnalysisFilter {
  ProjectId?: string;
  Stage?: Stage;
  InspectionKind?: InspectionKind;
  MeasureKind?: MeasureKind;
  ItemCodes?: string[];
  StartDate?: string;
  EndDate?: string;
  RatingHigh?: number;
  RatingMiddle?: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);
const number = (value: string | null) => (value === null || value === '' ? undefined : Number(value));

/**
 * The filters this page filled in because the URL left them out (shown as "(default)"): the spec
 * needs a stage, inspection kind or item, and a date.
 */
export function filterDefaults(params: URLSearchParams): AppliedFilterName[] {
  const scoped =
    oneOf(STAGES, params.get('stage')) ||
    oneOf(INSPECTION_KINDS, params.get('kind')) ||
    params.get('items')?.split(',').some(Boolean);
  const dated = params.get('start') || params.get('end');
  return [
    ...(scoped ? [] : (['InspectionKind'] as const)),
    ...(dated ? [] : (['StartDate', 'EndDate'] as const)),
  ];
}

/**
 * The URL's filters; without any, self inspection (as home) over the last 30 days (the spec needs a
 * scope and a date).
 */
export function filterFromParams(params: URLSearchParams): AnalysisFilter {
  const items = params.get('items')?.split(',').filter(Boolean);
  const filter: AnalysisFilter = {
    ProjectId: params.get('projectId') || undefined,
    Stage: oneOf(STAGES, params.get('stage')),
    InspectionKind: oneOf(INSPECTION_KINDS, params.get('kind')),
    MeasureKind: oneOf(MEASURE_KINDS, params.get('measure')),
    ItemCodes: items?.length ? items : undefined,
    StartDate: params.get('start') || undefined,
    EndDate: params.get('end') || undefined,
    RatingHigh: number(params.get('high')),
    RatingMiddle: number(params.get('middle')),
  };
  if (!filter.Stage && !filter.InspectionKind && !filter.ItemCodes) {
    filter.InspectionKind = DEFAULT_INSPECTION_KIND;
  }
  if (!filter.StartDate && !filter.EndDate) {
    filter.EndDate = companyToday().format('YYYY-MM-DD');
    filter.StartDate = companyToday().subtract(29, 'day').format('YYYY-MM-DD');
  }
  return filter;
}

/** The URL query of filters (only what is set). */
export function paramsOf(filter: AnalysisFilter): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('projectId', filter.ProjectId);
  set('stage', filter.Stage);
  set('kind', filter.InspectionKind);
  set('measure', filter.MeasureKind);
  set('items', filter.ItemCodes?.join(','));
  set('start', filter.StartDate);
  set('end', filter.EndDate);
  set('high', filter.RatingHigh);
  set('middle', filter.RatingMiddle);
  return params;
}

/** A page path with the filters (and extra parameters) as its query. */
export const analysisPath = (page: string, filter: AnalysisFilter, extra: Record<string, string> = {}) => {
  const params = paramsOf(filter);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/measurerobot/${page}?${params.toString()}`;
};

/** The page's filters from the URL, a setter that pushes a new history entry, and the defaults it took. */
export function useAnalysisFilter(): [AnalysisFilter, (next: AnalysisFilter) => void, AppliedFilterName[]] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const filter = useMemo(() => filterFromParams(params), [key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const defaults = useMemo(() => filterDefaults(params), [key]);
  return [filter, (next) => setParams(paramsOf(next)), defaults];
}
