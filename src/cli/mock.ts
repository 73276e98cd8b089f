import type { Command } from 'commander';
import { integerOption } from './options.ts';

/** `tasksvc mock`: a mock GraphQL endpoint for frontend work, from the committed schema. */
export function registerMockCommand(program: Command) {
  program
    .command('mock')
    .description('Serve a mock GraphQL endpoint from the committed schema (seeded realistic values; no database)')
    .option('--port <port>', 'port (default 4000)', integerOption('the port', 0, 65535))
    .option('--host <host>', 'listen address (default 127.0.0.1)')
    .option(
      '--seed <n>',
      'seed of the values (default 1); a request may send x-mock-seed',
      integerOption('--seed', 0, 0xffffffff),
    )
    .option('--schema <file>', 'SDL file to serve (default the committed schema.graphql)')
    .option(
      '--documents <file...>',
      "trusted documents a client sends by documentId (its persisted-documents.json); the web app's always",
    )
    .action(async (o: { port?: number; host?: string; seed?: number; schema?: string; documents?: string[] }) => {
      const { startMockServer } = await import('../mock/server.ts');
      const server = await startMockServer({
        port: o.port ?? 4000,
        host: o.host ?? '127.0.0.1',
        seed: o.seed ?? 1,
        sdlFile: o.schema,
        documentsFiles: o.documents,
      });
      process.stdout.write(
        `mock GraphQL endpoint: ${server.url}/graphql\n` +
          'headers: x-mock-seed: <n> (stable values), x-mock-scenario: normal|empty|error, x-mock-error-code: <code> (with error)\n',
      );
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
