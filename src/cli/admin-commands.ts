import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-key.ts';
import { createTeam } from '../domain/team.ts';
import { createUser, requireUserByEmail, setPassword } from '../domain/user.ts';
import { createServices, type Services } from '../services.ts';
import { createLogger } from '../logger.ts';
import { integerOption } from './options.ts';
import { formatTable, printResult } from './output.ts';
import { linkBase, registerTeamMembershipCommands } from './team-commands.ts';
import { PASSWORD_LINK_TTL_HOURS, createPasswordLink, passwordLinkPath } from '../domain/password-link.ts';
import { registerSessionCommands } from './session-commands.ts';
import { currentControlRun } from '../control/context.ts';
import { readPasswordLine } from './password-stdin.ts';

/**
 * Opens the database like the server does (migrating it), runs `fn`, closes;
 * run by a server for a control-channel client, `fn` gets the server's own
 * open services.
 */
export async function withServices<T>(fn: (s: Services) => Promise<T>): Promise<T> {
  const run = currentControlRun();
  if (run) return fn(run.services);
  const config = loadConfig();
  // One-shot commands never run the event dispatcher: the server does.
  const services = await createServices(config, { logger: createLogger({ LOG_LEVEL: 'warn' }, process.stderr), dispatcher: false });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

/** `tasksvc users|keys|teams|sessions …`: administration on the database (or through a running server's control channel). */
export function registerAdminCommands(program: Command) {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .description('Create a user')
    .requiredOption('--email <email>', 'login email')
    .requiredOption('--name <name>', 'display name')
    .option('--password-stdin', 'read a sign-in password from the first line of stdin')
    .option('--json', 'print JSON')
    .action(async (o: { email: string; name: string; passwordStdin?: boolean; json?: boolean }) => {
      const password = o.passwordStdin ? await readPasswordLine() : undefined;
      await withServices(async ({ database }) => {
        const u = await createUser(database.prisma, { email: o.email, displayName: o.name, password });
        printResult(!!o.json, { id: u.id, email: u.email, displayName: u.displayName }, `Created user ${u.id} <${u.email}>`);
      });
    });
  users
    .command('set-password')
    .description("Set a user's sign-in password (read from the first line of stdin, never from arguments)")
    .requiredOption('--email <email>', 'login email')
    .requiredOption('--password-stdin', 'read the password from the first line of stdin')
    .option('--json', 'print JSON')
    .action(async (o: { email: string; json?: boolean }) => {
      const password = await readPasswordLine();
      await withServices(async ({ database }) => {
        const u = await setPassword(database.prisma, o.email, password);
        printResult(!!o.json, { id: u.id, email: u.email, passwordSet: true }, `Password set for ${u.email}`);
      });
    });
  users
    .command('password-link')
    .description(
      `Print a single-use link, valid ${PASSWORD_LINK_TTL_HOURS} hours, with which the user sets their own password ` +
        '(their first one, or a new one: every session they had ends); shown once, a newer link replaces it',
    )
    .requiredOption('--email <email>', 'login email')
    .option('--json', 'print JSON')
    .action(async (o: { email: string; json?: boolean }) => {
      await withServices(async ({ database, config }) => {
        const link = await createPasswordLink(database.prisma, o.email);
        const url = linkBase(config) + passwordLinkPath(link.token);
        const expiresAt = link.expiresAt.toISOString();
        printResult(
          !!o.json,
          { userId: link.user.id, email: link.user.email, expiresAt, url },
          `Set-password link for ${link.user.email} (valid until ${expiresAt}; shown once, send it now):\n${url}`,
        );
      });
    });

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key for a user (shown once)')
    .requiredOption('--email <email>', 'owner email')
    .option('--label <label>', 'label shown in key lists')
    .option('--json', 'print JSON')
    .action(async (o: { email: string; label?: string; json?: boolean }) =>
      withServices(async ({ database }) => {
        const user = await requireUserByEmail(database.prisma, o.email);
        const k = await createApiKey(database.prisma, user.id, { label: o.label });
        printResult(!!o.json, { id: k.id, key: k.key }, `API key ${k.id} (shown once, store it now):\n${k.key}`);
      }),
    );
  keys
    .command('list')
    .description("List a user's API keys")
    .requiredOption('--email <email>', 'owner email')
    .option('--json', 'print JSON')
    .action(async (o: { email: string; json?: boolean }) =>
      withServices(async ({ database }) => {
        const user = await requireUserByEmail(database.prisma, o.email);
        const rows = await listApiKeys(database.prisma, user.id);
        const out = rows.map((r) => ({ ...r, active: r.revokedAt === null }));
        printResult(!!o.json, { keys: out }, formatTable(out, ['id', 'prefix', 'label', 'active', 'createdAt', 'lastUsedAt']));
      }),
    );
  keys
    .command('revoke')
    .description('Revoke an API key')
    .requiredOption('--id <id>', 'key id', integerOption('the key id', 1, 2_147_483_647))
    .option('--json', 'print JSON')
    .action(async (o: { id: number; json?: boolean }) =>
      withServices(async ({ database }) => {
        await revokeApiKey(database.prisma, o.id);
        printResult(!!o.json, { id: o.id, revoked: true }, `Revoked key ${o.id}`);
      }),
    );

  const teams = program.command('teams').description('Manage teams');
  teams
    .command('create')
    .description('Create a team with members (the first --member becomes its owner)')
    .requiredOption('--title <title>', 'team name')
    .option('--member <email>', 'member email (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--json', 'print JSON')
    .action(async (o: { title: string; member: string[]; json?: boolean }) =>
      withServices(async ({ database }) => {
        const members = await Promise.all(o.member.map((e) => requireUserByEmail(database.prisma, e, 'member')));
        const t = await createTeam(database.prisma, { title: o.title, memberIds: members.map((m) => m.id) });
        printResult(!!o.json, { id: t.uuid, number: t.id, title: t.title }, `Created team ${t.title} (${t.uuid}, #${t.id})`);
      }),
    );
  registerTeamMembershipCommands(teams);
  registerSessionCommands(program);
}

