import type { GraphQLSchema } from 'graphql';
import { Hono } from 'hono';
import type { Viewer } from '../auth/viewer.ts';
import type { AppEnv } from '../http/env.ts';
import { type CompiledRoute, mountRoutes } from '../http/facade.ts';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';
import { type RouteExecutor, callUrlPath } from './route-call.ts';

/** The path of the Streamable HTTP endpoint. */
export const MCP_ENDPOINT = '/mcp';

/** What the outer request hands to the in-process tool routes. */
interface Caller {
  viewer: Viewer | null;
  logger: Logger;
  requestId: string;
}

type InnerEnv = AppEnv & { Bindings: Caller };

/**
 * The MCP SDK and our server on it, loaded by the first `/mcp` request: an
 * instance nobody calls over MCP never holds them (about 20 MB of memory).
 */
let mcpModules: Promise<[typeof import('./server.ts'), typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]> | null = null;
const loadMcp = () =>
  (mcpModules ??= Promise.all([import('./server.ts'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]));

/**
 * The tool routes on a private Hono app whose requests carry the already
 * authenticated caller: a tool call runs the same compiled route as
 * `/api/mcp/*` (parsing, GraphQL, error bodies) without a network hop, a
 * second key check or a second rate-limit charge.
 */
function inProcessExecutor(routes: CompiledRoute[], schema: GraphQLSchema, services: Services) {
  const inner = new Hono<InnerEnv>();
  inner.use(async (c, next) => {
    c.set('viewer', c.env.viewer);
    c.set('logger', c.env.logger);
    c.set('requestId', c.env.requestId);
    await next();
  });
  mountRoutes(inner as unknown as Hono<AppEnv>, routes, schema, services);
  return (caller: Caller): RouteExecutor =>
    async (call) => {
      const res = await inner.request(
        `/api/mcp${callUrlPath(call)}`,
        {
          method: call.method,
          headers: call.body ? { 'content-type': 'application/json' } : {},
          body: call.body ? JSON.stringify(call.body) : undefined,
        },
        caller,
      );
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text for the error message
      }
      return { status: res.status, body };
    };
}

/**
 * Mounts the MCP Streamable HTTP endpoint (`POST /mcp`) on the app, behind
 * the app's auth middleware (same Bearer key as every route). Stateless: each
 * POST gets a fresh MCP server and answers with JSON, so any instance can
 * serve any request. GET (server-sent stream) and DELETE (session end) have
 * nothing to offer without sessions and answer 405, as the transport allows.
 */
export function mountMcpEndpoint(app: Hono<AppEnv>, routes: CompiledRoute[], schema: GraphQLSchema, services: Services) {
  const executorFor = inProcessExecutor(
    routes.filter((r) => r.fullPath.startsWith('/api/mcp/')),
    schema,
    services,
  );
  app.post(MCP_ENDPOINT, async (c) => {
    const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcp();
    const mcp = createMcpServer(executorFor({ viewer: c.get('viewer'), logger: c.get('logger'), requestId: c.get('requestId') }));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await mcp.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await mcp.close();
    }
  });
  app.on(['GET', 'DELETE'], MCP_ENDPOINT, (c) =>
    c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this endpoint is stateless; POST JSON-RPC messages.' }, id: null }, 405, {
      allow: 'POST',
    }),
  );
}
