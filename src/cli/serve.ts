import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { applyHeapGrowth } from '../heap-growth.ts';
import { bindListeners } from '../http/listen.ts';
import { integerOption } from './options.ts';

/** `tasksvc serve`: what `npm start` runs. */
export function registerServeCommand(program: Command) {
  program
    .command('serve')
    .description('Run the HTTP service (GraphQL, REST, tool routes, subscriptions)')
    .option('--port <port>', 'port (default PORT or 3000)', integerOption('the port', 0, 65535))
    .option('--json', 'print the start-up summary as JSON')
    .action(async (o: { port?: number; json?: boolean }) => {
      const config = loadConfig();
      applyHeapGrowth(config.HEAP_GROWING_PERCENT);
      // The port first: a port that is taken is one line and exit 1 before the
      // database is touched, and probes see a listener (503 "starting") meanwhile.
      const listeners = await bindListeners({ port: o.port ?? config.PORT, host: config.HOST, mcpPort: config.MCP_PORT });
      // The app's code (schema, routes) loads while the database is reached and migrated.
      const [services, { startServer }] = await Promise.all([
        import('../services.ts').then((m) => m.createServices(config)),
        import('../http/server.ts'),
      ]);
      const running = await startServer(services, listeners);
      const base = config.PUBLIC_URL ?? running.url;
      const summary = {
        url: base,
        graphql: `${base}/graphql`,
        subscriptions: `${base.replace(/^http/, 'ws')}/graphql`,
        rest: `${base}/api/v1`,
        tools: config.MCP_PORT ? `${base.replace(/:\d+$/, '')}:${config.MCP_PORT}/api/mcp` : `${base}/api/mcp`,
        health: `${base}/healthz`,
        database: `${services.database.kind} (${services.database.location})`,
      };
      if (o.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
      else {
        process.stdout.write(
          [
            `tasksvc listening on ${base}`,
            `  GraphQL + GraphiQL  ${summary.graphql}`,
            `  Subscriptions (ws)  ${summary.subscriptions}`,
            `  REST API            ${summary.rest}`,
            `  Tool routes         ${summary.tools}`,
            `  Health              ${summary.health}  /readyz`,
            `  Database            ${summary.database}`,
            `Every request needs "Authorization: Bearer <API key>". Get one with:`,
            `  npx tasksvc seed --demo     (demo user, team, board and key; stop the server first on the embedded database)`,
            '',
          ].join('\n'),
        );
      }
      const stop = async (signal: string) => {
        services.logger.info({ signal }, 'shutting down');
        await running.close();
        await services.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });
}
