import type { Command } from 'commander';
import { type ConnectionOptions, ClientSetupError, resolveService, withConnectionOptions } from './client/connection.ts';

/**
 * `tasksvc mcp`: the MCP server over stdio for desktop agents. Its tools
 * call the tool routes of a running service over HTTP (TASKSVC_URL with
 * TASKSVC_API_KEY), so it works against any deployment and needs no
 * database. The key is checked once at start: a rejected key or an
 * unreachable service stops the command with a message on stderr (stdout
 * belongs to the protocol).
 */
export function registerMcpCommand(program: Command) {
  withConnectionOptions(
    program
      .command('mcp')
      .description('Run the MCP server over stdio (tools = the /api/mcp tool routes of TASKSVC_URL, as the TASKSVC_API_KEY user)'),
  ).action(async (o: ConnectionOptions) => {
    const fail = (message: string): never => {
      process.stderr.write(`tasksvc mcp: ${message}\n`);
      process.exit(1);
    };
    let service;
    try {
      service = resolveService(o);
    } catch (err) {
      if (err instanceof ClientSetupError) fail(err.message);
      throw err;
    }
    const { NotTasksvcError, httpRouteExecutor } = await import('../mcp/http-executor.ts');
    const execute = httpRouteExecutor(service);
    let who;
    try {
      who = await execute({ method: 'GET', path: '/user/context', query: {} });
    } catch (err) {
      if (err instanceof NotTasksvcError) return fail(err.message);
      return fail(`cannot reach ${service.url}: ${err instanceof Error ? (err.cause as Error)?.message ?? err.message : String(err)}`);
    }
    if (who.status === 401) fail(`API key rejected by ${service.url} (401). Check TASKSVC_API_KEY or --key.`);
    if (who.status !== 200) fail(`${service.url}/api/mcp/user/context answered ${who.status}; is TASKSVC_URL a tasksvc service?`);
    // Any JSON API answers 200 somewhere: only tasksvc's user context has this shape.
    const user = who.body as { id?: unknown; email?: unknown; displayName?: unknown };
    if (typeof user.id !== 'number' || typeof user.email !== 'string' || typeof user.displayName !== 'string') {
      fail(`${service.url}/api/mcp/user/context answered 200 without a tasksvc user ({id, email, displayName}); is TASKSVC_URL a tasksvc service?`);
    }
    const { createMcpServer } = await import('../mcp/server.ts');
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const server = createMcpServer(execute);
    await server.connect(new StdioServerTransport());
    process.stderr.write(`tasksvc mcp: serving tools of ${service.url} as ${String(user.email)} over stdio\n`);
  });
}
