import type { RouteDefinition } from '@measure/contract';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { zodRule, type ZodRuleOptions } from './zodRule.ts';

/** The schema of one body field of a contract route. */
export function bodyField(route: RouteDefinition, field: string): z.ZodType {
  const body = route.body as { shape?: Record<string, z.ZodType> } | undefined;
  const schema = body?.shape?.[field];
  if (!schema) throw new Error(`${route.path} has no body field ${field}`);
  return schema;
}

/**
 * The form rule of one body field: the form checks exactly what the server checks; `required` where
 * the form needs a field the body may leave out.
 */
export function bodyFieldRule(route: RouteDefinition, field: string, options?: ZodRuleOptions): RuleObject {
  return zodRule(bodyField(route, field), options);
}
