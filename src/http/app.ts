import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createYoga } from 'graphql-yoga';
import { schema } from '../graphql/schema.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { documentBudgetPlugin } from '../graphql/document-budget.ts';
import { DocumentCache } from '../graphql/document-cache.ts';
import { TrustedDocuments, trustedDocumentPlugins } from '../graphql/trusted-documents.ts';
import { nulGuardPlugin } from '../graphql/nul-guard.ts';
import { LAST_EVENT_ID_HEADER } from '../graphql/live-events.ts';
import { sharedSubscriptionPlugin } from '../graphql/shared-subscribe.ts';
import { isDatabaseUnavailableAnswer, loggingMaskError } from './unavailable-answer.ts';
import { AppError, GoneError } from '../errors.ts';
import type { Services } from '../services.ts';
import { authMiddleware } from './auth-middleware.ts';
import { allowHeaderFor, allowedMethods } from './method-not-allowed.ts';
import type { AppEnv } from './env.ts';
import { routeNotFound, toErrorResponse } from './error-body.ts';
import { compileRoutes, mountRoutes, type CompiledRoute } from './facade.ts';
import { docsContentSecurityPolicy, renderDocsPage } from './docs-page.ts';
import { securityHeaders } from './content-security-policy.ts';
import { clientAbortAnswer } from './client-abort.ts';
import { GRAPHIQL_DEFAULT_QUERY, graphiqlContentSecurityPolicy, mountGraphiQLAssets, renderGraphiQLPage } from './graphiql.ts';
import { buildOpenApi } from './openapi.ts';
import { SERVICE_VERSION } from '../version.ts';
import { toolRoutes } from './routes/tools/index.ts';
import { removedRouteMessage, removedRoutes } from './routes/removed.ts';
import { v1Routes } from './routes/v1/index.ts';
import { apiRoutes } from './routes/api/index.ts';
import { mountInviteRoutes } from './routes/api/invite.ts';
import { mountPasswordLinkRoutes } from './routes/api/password-link.ts';
import { readinessProbe } from './readiness.ts';
import { createMetrics } from './metrics.ts';
import { mountExportRoutes } from './routes/api/export.ts';
import { mountSessionRoutes } from './routes/api/session.ts';
import { createRateLimiter } from './rate-limit.ts';
import { LiveConnections } from './live-connections.ts';
import { liveStreamLimits } from './live-streams.ts';
import { originPolicy } from './origin.ts';
import { cors } from './cors.ts';
import { sseEventIdPlugin } from './sse-event-ids.ts';
import { graphqlParamsGuard, jsonDepthLimit, requestSizeLimits, requestTimeout } from './request-limits.ts';
import { mountMcpEndpoint } from '../mcp/http-endpoint.ts';
import { mountWebApp } from './web-app.ts';

/** Every REST and tool route, compiled against the schema. */
export function allRoutes(): CompiledRoute[] {
  return [
    ...compileRoutes(schema, '/api/mcp', toolRoutes),
    ...compileRoutes(schema, '/api/v1', v1Routes),
    ...compileRoutes(schema, '/api', apiRoutes),
  ];
}

/** The origin a request was sent to: its URL's scheme with the `Host` it names (as the CSRF check reads it). */
function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  return `${url.protocol}//${request.headers.get('host') ?? url.host}`;
}

/**
 * Builds the HTTP application: request ids and logs, probes, the web app,
 * auth, GraphQL (yoga, GraphiQL) and the REST and tool facades.
 */
export function createApp(services: Services) {
  const { logger, database } = services;
  // One bounded cache of callers' documents for /graphql and graphql-ws.
  const documents = new DocumentCache(schema);
  // The web app's documents, run by id (`documentId`) on /graphql and graphql-ws.
  const trusted = TrustedDocuments.load(schema, services.config.GRAPHQL_TRUSTED_DOCUMENTS_FILES);
  const { sessionRule, persisted } = trustedDocumentPlugins(trusted, services.config.GRAPHQL_SESSION_DOCUMENTS);
  const yoga = createYoga<{ viewer: GraphQLContext['viewer']; requestId: string }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // A trusted document's id (GraphQL over HTTP's persisted documents): ../graphql/trusted-documents.ts.
    extraParamNames: ['documentId'],
    // Native fetch classes: Hono re-wraps responses to add headers, and re-wrapping
    // yoga's own stream class made an SSE client's disconnect crash the process.
    fetchAPI: { Response, Request, Headers, ReadableStream, fetch, TextEncoder, TextDecoder } as never,
    // Served from this service (no CDN, see graphiql.ts). No default `Authorization` header: a
    // placeholder key would override the session cookie of a signed-in person (a present
    // Bearer header alone decides); the default query says how to add a key instead.
    graphiql: { title: 'tasksvc GraphiQL', defaultQuery: GRAPHIQL_DEFAULT_QUERY },
    renderGraphiQL: renderGraphiQLPage,
    landingPage: false,
    logging: false,
    // Never dev mode: an unexpected error's message and stack stay in the log, in every NODE_ENV.
    // A database that does not answer is UNAVAILABLE with 503, as on the REST routes.
    maskedErrors: { isDev: false, maskError: loggingMaskError(logger) },
    // yoga's own caches hold 1,024 documents and 1,024 syntax errors whatever their size (a
    // 256 KiB document parses to megabytes): parsed documents go to the bounded cache instead,
    // syntax errors are not kept. Validation results stay keyed by the cached document object.
    parserAndValidationCache: { documentCache: documents, errorCache: { get: () => undefined, set: () => undefined } },
    plugins: [sessionRule, documentBudgetPlugin(documents), persisted, nulGuardPlugin(), sharedSubscriptionPlugin(), sseEventIdPlugin()],
    context: ({ viewer, requestId, request }) => ({
      db: database.prisma,
      services,
      viewer,
      requestId,
      lastEventId: request.headers.get(LAST_EVENT_ID_HEADER),
      requestOrigin: requestOrigin(request),
    }),
  });

  const routes = allRoutes();
  const app = new Hono<AppEnv>();
  // Prometheus metrics (METRICS_ENABLED, off by default): every request is counted and timed from here.
  const metrics = services.config.METRICS_ENABLED ? createMetrics(services) : null;
  if (metrics) app.use(metrics.middleware);

  app.use(async (c, next) => {
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });

  app.use(securityHeaders());

  // A database outage: every route answers 503 UNAVAILABLE (error-body.ts); here the answer gets
  // `Retry-After` and the outage is counted, logged once when it starts and once when it ends.
  app.use(async (c, next) => {
    await next();
    if (c.res.status === 503 && (await isDatabaseUnavailableAnswer(c.res))) {
      services.databaseOutage.refuse();
      if (!c.res.headers.has('retry-after')) c.res.headers.set('Retry-After', String(services.databaseOutage.retryAfterSeconds));
    }
  });

  // Inside the outage middleware: a client's own abort is never counted as an outage.
  app.use(clientAbortAnswer());

  // RFC 9110 11.6.1: every 401 names the scheme that would work (HTTP libraries and MCP clients look for it).
  app.use(async (c, next) => {
    await next();
    if (c.res.status === 401 && !c.res.headers.has('www-authenticate')) {
      c.res.headers.set('WWW-Authenticate', 'Bearer realm="tasksvc"');
    }
  });

  const origins = originPolicy(services.config);
  app.use(cors(origins));

  app.get('/healthz', (c) => c.json({ ok: true }));
  // The web app's page and assets are public; what it shows comes through /graphql.
  mountWebApp(app);
  mountGraphiQLAssets(app);

  if (services.sessionKey.source === 'process-random') {
    logger.warn('SESSION_SECRET is not set and the data directory is in memory: signed sessions use a random per-process secret (they end at restart)');
  }
  const limiter = createRateLimiter(services.config, logger);
  // Each dependency and the verdict (ok, degraded, down): src/http/readiness.ts.
  const ready = readinessProbe(services, limiter);
  metrics?.mount(app);
  app.get('/readyz', async (c) => {
    const answer = await ready();
    return c.json(answer, answer.status === 'down' ? 503 : 200);
  });
  const connections = new LiveConnections(services.config.LIVE_CONNECTIONS_PER_USER);
  app.use(...requestSizeLimits(services.config));
  app.use(jsonDepthLimit());
  app.use(requestTimeout(services.config.REQUEST_TIMEOUT_MS));
  app.use(
    authMiddleware(services, {
      limiter,
      origins,
      publicRoutes: routes.filter((r) => r.def.public).map((r) => ({ method: r.def.method, fullPath: r.fullPath })),
    }),
  );
  const { startSession } = mountSessionRoutes(app, services, origins);
  mountInviteRoutes(app, services, origins, startSession);
  mountPasswordLinkRoutes(app, services, origins, startSession);
  mountExportRoutes(app, services);

  app.use('/graphql', graphqlParamsGuard());
  app.use('/graphql', liveStreamLimits(services, connections));
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    const res = await yoga.fetch(c.req.raw, { viewer: c.get('viewer'), requestId: c.get('requestId') });
    // The GraphiQL page (a GET for HTML).
    if (res.headers.get('content-type')?.startsWith('text/html')) {
      res.headers.set('content-security-policy', graphiqlContentSecurityPolicy(c.req.url));
      res.headers.set('x-frame-options', 'DENY');
      res.headers.set('referrer-policy', 'same-origin');
    }
    return res;
  });

  mountRoutes(app, routes, schema, services);
  for (const removed of removedRoutes) {
    app.on(removed.method, removed.path, (c) => {
      const { status, body } = toErrorResponse(new GoneError(removedRouteMessage(removed)), c.get('logger'));
      return c.json(body, status as 410);
    });
  }
  mountMcpEndpoint(app, routes, schema, services);

  // Built on first use: most instances never serve it, and it is a few megabytes of objects.
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  const openApiDocument = () => (openApi ??= buildOpenApi(routes, SERVICE_VERSION));
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/docs', (c) =>
    c.html(renderDocsPage(openApiDocument()), 200, { 'content-security-policy': docsContentSecurityPolicy(c.req.url) }),
  );

  const allowed = allowedMethods(app);
  app.notFound((c) => {
    // A known path asked with another method is 405 with `Allow`, not 404 (RFC 9110 15.5.6).
    const allow = allowHeaderFor(c, allowed);
    if (!allow) return routeNotFound(c);
    const err = new AppError('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}.`, 'method', 'method_not_allowed');
    const { status, body } = toErrorResponse(err, c.get('logger'));
    c.header('Allow', allow);
    return c.json(body, status as 405);
  });
  app.onError((err, c) => {
    const { status, body } = toErrorResponse(err, c.get('logger') ?? logger);
    return c.json(body, status as 500);
  });

  return { app, yoga, routes, schema, limiter, connections, documents, trusted };
}
