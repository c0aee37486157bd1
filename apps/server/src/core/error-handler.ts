import { ErrorCode, formatMessage } from '@measure/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { sendAppError, sendEnvelope } from './envelope-reply.ts';
import { translateIssues, type ValidationIssue } from './validation-messages.ts';
import './request-context.ts';

/** The one place that turns errors into envelopes. Details of crashes stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const source = {
        body: request.body,
        querystring: request.query,
        params: request.params,
        headers: request.headers,
      };
      const data = source[(error.validationContext ?? 'body') as keyof typeof source];
      const fields = translateIssues(request.lang, error.validation as unknown as ValidationIssue[], data);
      return sendEnvelope(reply, 200, {
        Code: ErrorCode.BadRequest,
        Message: fields[0]
          ? `${fields[0].Field}: ${fields[0].Message}`
          : formatMessage(request.lang, 'errors.badRequest'),
        Result: fields,
      });
    }

    const clientErrorKey =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'errors.bodyTooLarge'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'errors.unsupportedMediaType'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'errors.invalidJson'
            : error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
              ? 'errors.badRequest'
              : undefined;
    if (clientErrorKey) {
      request.log.info({ code: error.code }, 'client error');
      return sendEnvelope(reply, 200, {
        Code: ErrorCode.BadRequest,
        // The route's own limit when it has one (uploads), else the app's 1 MB.
        Message: formatMessage(request.lang, clientErrorKey, {
          maxMb: Math.round(((request.routeOptions.bodyLimit ?? 1024 * 1024) / 1024 / 1024) * 10) / 10,
        }),
        Result: null,
      });
    }

    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, {
      Code: ErrorCode.Internal,
      Message: formatMessage(request.lang, 'errors.internal'),
      Result: null,
    });
  });
}
