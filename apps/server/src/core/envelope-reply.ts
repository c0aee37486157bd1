import { formatMessage, type Envelope, type MessageKey, type MessageParams } from '@measure/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from './app-error.ts';

export function sendEnvelope<T>(reply: FastifyReply, httpStatus: number, body: Envelope<T>): FastifyReply {
  return reply.status(httpStatus).type('application/json; charset=utf-8').send(body);
}

export function successEnvelope<T>(
  request: FastifyRequest,
  result: T,
  key: MessageKey = 'common.success',
  params?: MessageParams,
): Envelope<T> {
  return { Code: 0, Message: formatMessage(request.lang, key, params), Result: result };
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  const fields = error.fields.map((field) => ({
    Field: field.field,
    Message: formatMessage(request.lang, field.key, field.params),
  }));
  return sendEnvelope(reply, error.httpStatus, {
    Code: error.code,
    Message: formatMessage(request.lang, error.key, error.params),
    Result: fields.length > 0 ? fields : null,
  });
}
