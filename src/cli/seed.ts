import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { createApiKey } from '../domain/api-key.ts';
import { createTeamBoard } from '../domain/board.ts';
import type { TeamBoardInput } from '../domain/board-manifest.ts';
import { createTeam } from '../domain/team.ts';
import { createUser } from '../domain/user.ts';
import { withServices } from './admin-commands.ts';
import { printResult } from './output.ts';
import { linkBase } from './team-commands.ts';

const DEMO_BOARD: TeamBoardInput = {
  title: 'Website Relaunch',
  description: 'A demo board: sections, labels and a few starter tasks.',
  sections: [{ title: 'Backlog' }, { title: 'In Progress' }, { title: 'Review' }, { title: 'Done' }],
  labels: [{ name: 'design' }, { name: 'frontend' }, { name: 'bug' }],
  tasks: [
    { title: 'Draft the new information architecture', sectionIndex: 0, labelNames: ['design'], priority: 2, estimate: 4 },
    { title: 'Build the responsive navigation bar', sectionIndex: 1, labelNames: ['frontend'], priority: 3 },
    { title: 'Fix the broken contact form on Safari', sectionIndex: 0, labelNames: ['bug', 'frontend'], priority: 1 },
    { title: 'Review the colour palette with marketing', sectionTitle: 'Review', labelNames: ['design'], priority: 4 },
  ],
};

/**
 * `tasksvc seed --demo`: a demo user (with a generated password, shown
 * once, so the web app can be signed into at once), a team, a board and a key.
 */
export function registerSeedCommand(program: Command) {
  program
    .command('seed')
    .description('Create demo data and print how to sign in (email and a generated password) and an API key')
    .requiredOption('--demo', 'create the demo user, team, board and key')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) =>
      withServices(async ({ database, config }) => {
        const db = database.prisma;
        const email = `demo-${Date.now().toString(36)}@example.com`;
        // 16 random bytes: shown once here, only its hash is kept.
        const password = randomBytes(16).toString('base64url');
        const user = await createUser(db, { email, displayName: 'Demo User', password });
        const team = await createTeam(db, { title: 'Demo Team', memberIds: [user.id] });
        const board = await createTeamBoard(db, user.id, team.id, DEMO_BOARD);
        const key = await createApiKey(db, user.id, { label: 'demo' });
        const url = linkBase(config);
        const out = {
          signIn: { url: `${url}/sign-in`, email, password },
          user: { id: user.id, email, displayName: user.displayName },
          team: { id: team.uuid, number: team.id, title: team.title },
          board: { id: board.project.id, title: board.project.title, tasks: board.tasks.length },
          key: key.key,
        };
        printResult(
          !!o.json,
          out,
          [
            `Demo user ${email} in team "${team.title}" with board "${board.project.title}" (${board.tasks.length} tasks).`,
            `Sign in at ${url}/sign-in`,
            `  email     ${email}`,
            `  password  ${password}   (shown once; a new one: tasksvc users password-link --email E)`,
            `API key (shown once): ${key.key}`,
            `Try: curl -H "Authorization: Bearer ${key.key}" ${url}/api/mcp/user/context`,
          ].join('\n'),
        );
      }),
    );
}
