import { ErrorCode, formatMessage, pickLanguage } from '@measure/contract';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { registerApiDocs, registerApiDocsUi } from './core/api-docs.ts';
import { MAX_PATH_PARAM_LENGTH } from './core/api-responses.ts';
import { registerAuthGuard } from './core/auth-guard.ts';
import { appValidatorCompiler } from './core/body-validation.ts';
import { handleClientError } from './core/client-error.ts';
import { sendEnvelope } from './core/envelope-reply.ts';
import { Drain } from './core/drain.ts';
import { registerErrorHandler } from './core/error-handler.ts';
import { registerJsonBodyParser } from './core/json-body-parser.ts';
import { registerPublicScope } from './core/public-scope.ts';
import { trackRoutes } from './core/route-table.ts';
import { registerSecurityHeaders } from './core/security-headers.ts';
import { registerWebApp } from './core/web-app.ts';
import type { DatabaseHandle } from './db/database-handle.ts';
import { registerFeatureRoutes } from './modules/routes.ts';
import { createServices, type ServiceOverrides } from './services.ts';
import './core/request-context.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Leaving without failing a request (SIGTERM; see core/drain.ts). */
    drain: Drain;
  }
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  /** A pino logger; tests leave it out (silent). */
  logger?: FastifyBaseLogger;
  /** Replaces parts of the service graph (tests swap the code sender). */
  overrides?: ServiceOverrides;
}

/** Builds the whole server without listening; tests call it and use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Two log lines per call were a large share of an API call's cost: calls are logged only
    // when LOG_LEVEL is debug or trace; errors are logged by the error handler at any level.
    logController: new LogController({
      disableRequestLogging: !options.logger || !['debug', 'trace'].includes(options.logger.level),
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // A request reaching a closing instance on a kept-alive connection is answered (with
    // `Connection: close`), not refused: a balancer does not resend a POST it has sent (core/drain.ts).
    return503OnClosing: false,
    // Requests Node's parser refuses (a URL or headers over 16 kB...) still get the envelope.
    clientErrorHandler: handleClientError,
    // Malformed URLs and the like are refused before routing; they still get the envelope.
    frameworkErrors: (_error, request, reply) => {
      const language = pickLanguage(request.headers['accept-language']);
      void sendEnvelope(reply, 400, {
        Code: ErrorCode.BadRequest,
        Message: formatMessage(language, 'errors.badRequest'),
        Result: null,
      });
    },
  });
  trackRoutes(app);
  app.setValidatorCompiler(appValidatorCompiler);
  // Responses are typed by the contract at compile time; the schemas only document them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerJsonBodyParser(app);

  app.decorateRequest('lang', 'zh-CN');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    done();
  });

  const services = createServices(config, options.database, app.log, options.overrides);
  const drain = new Drain(app.server);
  // Draining: jobs stop taking work at once and /readyz answers 503, while requests are still answered.
  drain.onBegin(() => services.beginDrain());
  // Event streams end at once, so their clients reconnect through the balancer to another instance.
  drain.onBegin(() => services.events.endAll());
  app.decorate('drain', drain);
  app.addHook('onClose', async () => services.close());
  // Plan files and update packages a crash left behind (after a commit, before their removal) are swept at start-up.
  app.addHook('onReady', async () => {
    await services.start();
    const removed = await services.houseMaps.sweepOrphanFiles();
    if (removed.length > 0) app.log.warn({ removed }, 'removed orphan plan files');
    const packages = await services.deviceUpdates.sweepOrphanFiles();
    if (packages.length > 0) app.log.warn({ removed: packages }, 'removed orphan update packages');
    // Ten minutes, as the hourly sweep: another instance may be rendering a report right now.
    const reportFiles = await services.reportRenderer.sweepOrphanFiles();
    if (reportFiles.length > 0) app.log.warn({ removed: reportFiles }, 'removed orphan report files');
    const requeued = await services.reportRenderer.queueMissingLanguages();
    if (requeued > 0) app.log.info({ requeued }, 'reports queued again to render their English files');
  });

  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerAuthGuard(app, services);
  await registerApiDocs(app);
  await registerPublicScope(app, async (scope) => registerApiDocsUi(scope));
  await app.register(async (scope) => registerFeatureRoutes(scope, services));

  const distDir = config.webDistDir;
  if (distDir) {
    await registerPublicScope(app, async (scope) => {
      await registerWebApp(scope, { distDir, basePath: config.basePath, loginAesKey: config.loginAesKey });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    return sendEnvelope(reply, 404, {
      Code: ErrorCode.NotFound,
      Message: formatMessage(request.lang, 'errors.routeNotFound', { path: request.url.split('?')[0] ?? '' }),
      Result: null,
    });
  });

  return app;
}
