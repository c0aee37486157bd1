import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Bodies a route already validated in turns (register-route's `parseBodyInTurns`). */
const validatedBodies = new WeakSet<object>();

/** Marks a body that a route's own parser produced from its contract schema. */
export function markValidated(body: object): void {
  validatedBodies.add(body);
}

/**
 * The zod validator of every route (fastify-type-provider-zod), except that a body a route already
 * parsed with the same schema in turns is taken as it is: validating it again in one go would undo
 * the point of the turns (the event loop free for other requests).
 */
export const appValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) =>
    typeof data === 'object' && data !== null && validatedBodies.has(data) ? { value: data } : validate(data);
};
