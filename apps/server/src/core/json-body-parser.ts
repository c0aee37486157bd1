import type { FastifyInstance } from 'fastify';

/**
 * Fastify's own JSON parser (with its prototype-poisoning protection), except that an empty
 * body counts as no body: clients commonly send `Content-Type: application/json` with nothing.
 * The text stays on the request as `bodyText`.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('bodyText', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    request.bodyText = text;
    parseJson(request, text, done);
  });
}
