import { algorithmParamInputSchema, type AlgorithmTemplate } from '@measure/contract';
import type { z } from 'zod';

export interface ParamValues {
  Name?: string;
  Value?: number | null;
  Min?: number | null;
  Max?: number | null;
  Unit?: string;
}

export type Scope = 'project' | 'company';

export interface AlgorithmFormValues {
  Name: string;
  detail?: string;
  Scope: Scope;
  list: ParamValues[];
}

type ParamField = 'Name' | 'Value' | 'Min' | 'Max' | 'Unit';

/**
 * The contract's problem with one field of a parameter (its own rule, or the row's: min above max
 * on Min, value outside [Min, Max] on Value), or null. Cross-field checks only run once every
 * number is present, so an empty field reports itself rather than its neighbours.
 */
export function paramIssue(param: ParamValues | undefined, field: ParamField): z.core.$ZodIssue | null {
  const result = algorithmParamInputSchema.safeParse({
    Name: param?.Name ?? '',
    Value: param?.Value ?? undefined,
    Min: param?.Min ?? undefined,
    Max: param?.Max ?? undefined,
    Unit: param?.Unit,
  });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field) ?? null;
}

/** True when another row has the same parameter name (trimmed, case-insensitive, like the server). */
export function isDuplicateParam(rows: readonly ParamValues[] | undefined, index: number): boolean {
  const key = (name: string | undefined) => (name ?? '').trim().toLowerCase();
  const own = key(rows?.[index]?.Name);
  if (!own) return false;
  return (rows ?? []).some((row, other) => other !== index && key(row.Name) === own);
}

export const newParam = (): ParamValues => ({ Name: '', Value: null, Min: null, Max: null, Unit: '' });

export function algorithmFormValues(
  template: AlgorithmTemplate | null,
  defaultScope: Scope,
): AlgorithmFormValues {
  if (!template) return { Name: '', detail: '', Scope: defaultScope, list: [newParam()] };
  return {
    Name: template.Name,
    detail: template.detail,
    Scope: template.ProjectId ? 'project' : 'company',
    list: template.list.map((param) => ({ ...param, Unit: param.Unit ?? '' })),
  };
}

/** The SaveAlgorithmParamTemplateDetail body: the project's when scoped to it, else company-wide. */
export function algorithmPayload(guid: string | null, projectId: string, values: AlgorithmFormValues) {
  return {
    guid,
    Name: values.Name.trim(),
    detail: (values.detail ?? '').trim(),
    ProjectId: values.Scope === 'project' ? projectId : null,
    list: (values.list ?? []).map((param) => ({
      Name: (param.Name ?? '').trim(),
      Value: param.Value ?? NaN,
      Min: param.Min ?? NaN,
      Max: param.Max ?? NaN,
      Unit: (param.Unit ?? '').trim(),
    })),
  };
}

/** A template of the project's own is locked with the project; company-wide ones are not. */
export const isLockedTemplate = (template: Pick<AlgorithmTemplate, 'ProjectId'>, published: boolean) =>
  published && template.ProjectId !== null;
