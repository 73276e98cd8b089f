import type { Command } from 'commander';
import { revokeAllSessions } from '../domain/session.ts';
import { printResult } from './output.ts';
import { withServices } from './admin-commands.ts';

/**
 * `tasksvc sessions rotate-secret`: a new session secret (the data
 * directory's file; SESSION_SECRET is the environment's to change) and every
 * session ended. On the embedded database a running server does it through
 * its control channel and uses the new secret at once; on PostgreSQL the
 * servers sharing this data directory read the changed file within a second.
 */
export function registerSessionCommands(program: Command) {
  const sessions = program.command('sessions').description('Manage signed browser sessions');
  sessions
    .command('rotate-secret')
    .description('Replace the session secret kept in the data directory; signs everyone out')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) =>
      withServices(async ({ database, sessionKey }) => {
        sessionKey.rotate();
        const ended = await revokeAllSessions(database.prisma);
        printResult(
          !!o.json,
          { rotated: true, source: sessionKey.source, path: sessionKey.path, endedSessions: ended },
          `Session secret rotated${sessionKey.path ? ` (${sessionKey.path})` : ''}; ${ended} session(s) ended: everyone signs in again`,
        );
      }),
    );
}
