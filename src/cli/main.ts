import { Command } from 'commander';
import { CONTROL_COMMANDS } from '../control/channel.ts';
import { SERVICE_VERSION } from '../version.ts';
import { commandFailure } from './failure.ts';

// Start-up cost is what a CLI call pays every time, so this module loads
// nothing but commander: each command's module (and with it Prisma, Pothos,
// the MCP SDK…) is imported only when that command runs. `--help` and
// `--version` list the commands from the table below without loading any.

type Register = (program: Command) => void;

/** A group of top-level commands living in one module, loaded on demand. */
interface CommandModule {
  /** Top-level command names the module registers, with their one-line help. */
  commands: Record<string, string>;
  load: () => Promise<Register>;
}

const MODULES: CommandModule[] = [
  {
    commands: { migrate: 'Apply pending database migrations (DATABASE_URL, or the embedded data directory)' },
    load: () => import('./migrate.ts').then((m) => m.registerMigrateCommand),
  },
  {
    commands: { serve: 'Run the HTTP service (GraphQL, REST, tool routes, subscriptions)' },
    load: () => import('./serve.ts').then((m) => m.registerServeCommand),
  },
  {
    commands: { users: 'Manage users', keys: 'Manage API keys', teams: 'Manage teams', sessions: 'Manage signed browser sessions (rotate-secret)' },
    load: () => import('./admin-commands.ts').then((m) => m.registerAdminCommands),
  },
  {
    commands: { seed: 'Create demo data and print an API key' },
    load: () => import('./seed.ts').then((m) => m.registerSeedCommand),
  },
  {
    commands: { mock: 'Serve a mock GraphQL endpoint from the committed schema, for frontend work (no database)' },
    load: () => import('./mock.ts').then((m) => m.registerMockCommand),
  },
  {
    commands: {
      backup: 'Write a consistent backup of the whole database to a file (through the running server on the embedded database)',
      restore: 'Restore a backup into an empty data directory or PostgreSQL database, then migrate it',
    },
    load: () => import('./backup-commands.ts').then((m) => m.registerBackupCommands),
  },
  {
    commands: { export: 'Export a team as one JSON document, or a board as CSV, to stdout' },
    load: () => import('./export-commands.ts').then((m) => m.registerExportCommand),
  },
  {
    commands: { import: 'Import a team export, a Trello board, GitHub issues, a Linear CSV or a plain CSV into a team' },
    load: () => import('./import-commands.ts').then((m) => m.registerImportCommand),
  },
  {
    commands: { reindex: 'Rebuild the task search index from the database' },
    load: () => import('./reindex.ts').then((m) => m.registerReindexCommand),
  },
  {
    commands: { mcp: 'Run the MCP server over stdio (the tool routes of TASKSVC_URL, as the TASKSVC_API_KEY user)' },
    load: () => import('./mcp.ts').then((m) => m.registerMcpCommand),
  },
  {
    commands: {
      projects: 'Projects (boards) of the API key owner, over the tool routes',
      tasks: 'Tasks of your boards, over the tool routes',
      comments: 'Comments on tasks, over the tool routes',
      assign: 'Assign users to a task, over the tool routes',
      inbox: 'Your notifications, over the tool routes',
    },
    load: () => import('./client/index.ts').then((m) => m.registerClientCommands),
  },
];

/** The command asked for (the first argument that is not an option; `help X` asks about X), if any. */
function commandName(argv: string[]): string | undefined {
  const words = argv.slice(2).filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

async function buildProgram(argv: string[]): Promise<Command> {
  const program = new Command('tasksvc')
    .description('tasksvc: a task and project-board service (GraphQL, REST and tool APIs).')
    .version(SERVICE_VERSION, '-V, --version', 'print the version')
    .showHelpAfterError()
    .exitOverride();
  const name = commandName(argv);
  const wanted = name === undefined ? [] : MODULES.filter((m) => Object.hasOwn(m.commands, name));
  // An unknown name loads everything, so commander can suggest the closest command.
  const toLoad = name !== undefined && wanted.length === 0 ? MODULES : wanted;
  for (const m of toLoad) (await m.load())(program);
  // The other commands are listed for help only: their modules stay unloaded.
  for (const m of MODULES) {
    if (toLoad.includes(m)) continue;
    for (const [command, description] of Object.entries(m.commands)) program.command(command).description(description);
  }
  return program;
}

try {
  // On the embedded database a running server holds the data: its control channel runs admin commands.
  const name = commandName(process.argv);
  if (name && CONTROL_COMMANDS.has(name) && !process.argv.some((a) => a === '--help' || a === '-h')) {
    const { forwardToRunningServer } = await import('../control/client.ts');
    const exitCode = await forwardToRunningServer(process.argv.slice(2));
    if (exitCode !== null) process.exit(exitCode);
  }
  await (await buildProgram(process.argv)).parseAsync(process.argv);
} catch (err) {
  const failure = commandFailure(err, process.argv.includes('--json'));
  if (failure.stdout) process.stdout.write(failure.stdout);
  if (failure.stderr) process.stderr.write(failure.stderr);
  process.exit(failure.code);
}
