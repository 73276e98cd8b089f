import { Command, CommanderError } from 'commander';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { registerAdminCommands } from './admin-commands.ts';
import { printResult } from './output.ts';
import { registerServeCommand } from './serve.ts';
import { registerSeedCommand } from './seed.ts';
import { registerReindexCommand } from './reindex.ts';
import { registerMcpCommand } from './mcp.ts';
import { registerClientCommands } from './client/index.ts';
import { migrate } from '../db/migrate.ts';
import { SERVICE_VERSION } from '../version.ts';

const program = new Command('tasksvc')
  .description('tasksvc: a task and project-board service (GraphQL, REST and tool APIs).')
  .version(SERVICE_VERSION, '-V, --version', 'print the version')
  .showHelpAfterError()
  .exitOverride();

program
  .command('migrate')
  .description('Apply pending database migrations (DATABASE_URL, or the embedded data directory)')
  .option('--json', 'print JSON')
  .action(async (o: { json?: boolean }) => {
    const config = loadConfig();
    const { openDatabase } = await import('../db/client.ts');
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.TASKSVC_DATA_DIR });
    try {
      const r = await migrate(db);
      printResult(!!o.json, r, r.applied.length ? `Applied: ${r.applied.join(', ')}` : `Up to date (${r.alreadyApplied} applied).`);
    } finally {
      await db.close();
    }
  });

registerServeCommand(program);
registerAdminCommands(program);
registerSeedCommand(program);
registerReindexCommand(program);
registerMcpCommand(program);
registerClientCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  const json = process.argv.includes('--json');
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof AppError ? err.code : 'ERROR';
  if (json) process.stdout.write(`${JSON.stringify({ error: code, message })}\n`);
  else process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}
