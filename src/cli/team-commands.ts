import type { Command } from 'commander';
import type { Config } from '../config.ts';
import { createTeamInvite, invitePath } from '../domain/team-invite.ts';
import { TEAM_ROLES, addTeamMember, removeTeamMember, setTeamMemberRole } from '../domain/team-member.ts';
import { withServices } from './admin-commands.ts';
import { printResult } from './output.ts';

/**
 * `tasksvc teams add-member|remove-member|set-role|invite`: the operator's
 * side of team membership (src/domain/team-member.ts, team-invite.ts). The
 * operator may act on any team and any existing user, and is never a team
 * owner's stand-in for the rules that protect a team: a team still keeps an
 * owner. `--team` takes the team's UUID or number.
 */
export function registerTeamMembershipCommands(teams: Command) {
  const roleHelp = `role: ${TEAM_ROLES.join(' or ')}`;
  teams
    .command('add-member')
    .description('Add an existing user to a team (and so to its boards)')
    .requiredOption('--team <team>', 'team UUID or number')
    .requiredOption('--email <email>', 'the user’s email')
    .option('--role <role>', roleHelp, 'member')
    .option('--json', 'print JSON')
    .action(async (o: { team: string; email: string; role: string; json?: boolean }) =>
      withServices(async ({ database }) => {
        const r = await addTeamMember(database.prisma, null, { teamId: o.team, user: o.email, role: o.role });
        printResult(
          !!o.json,
          { team: r.team.uuid, userId: r.user.id, email: r.user.email, added: r.added },
          r.added ? `Added ${r.user.email} to team ${r.team.title}` : `${r.user.email} is already in team ${r.team.title}`,
        );
      }),
    );
  teams
    .command('remove-member')
    .description('Remove a user from a team and its boards (their assignments stay)')
    .requiredOption('--team <team>', 'team UUID or number')
    .requiredOption('--email <email>', 'the user’s email')
    .option('--json', 'print JSON')
    .action(async (o: { team: string; email: string; json?: boolean }) =>
      withServices(async ({ database }) => {
        const r = await removeTeamMember(database.prisma, null, { teamId: o.team, user: o.email });
        printResult(
          !!o.json,
          { team: r.team.uuid, userId: r.user.id, removed: true, boardsLeft: r.boardsLeft },
          `Removed ${r.user.email} from team ${r.team.title} (and ${r.boardsLeft} board(s))`,
        );
      }),
    );
  teams
    .command('set-role')
    .description('Change a member’s role (a team always keeps an owner)')
    .requiredOption('--team <team>', 'team UUID or number')
    .requiredOption('--email <email>', 'the member’s email')
    .requiredOption('--role <role>', roleHelp)
    .option('--json', 'print JSON')
    .action(async (o: { team: string; email: string; role: string; json?: boolean }) =>
      withServices(async ({ database }) => {
        const r = await setTeamMemberRole(database.prisma, null, { teamId: o.team, user: o.email, role: o.role });
        printResult(!!o.json, { team: r.team.uuid, userId: r.user.id, role: r.member.role }, `${r.user.email} is now ${r.member.role} of ${r.team.title}`);
      }),
    );
  teams
    .command('invite')
    .description('Invite an email address to a team: prints a single-use link, valid 7 days (shown once)')
    .requiredOption('--team <team>', 'team UUID or number')
    .requiredOption('--email <email>', 'address to invite')
    .option('--role <role>', roleHelp, 'member')
    .option('--json', 'print JSON')
    .action(async (o: { team: string; email: string; role: string; json?: boolean }) =>
      withServices(async ({ database, config }) => {
        const { invite, token } = await createTeamInvite(database.prisma, null, { teamId: o.team, email: o.email, role: o.role });
        const url = linkBase(config) + invitePath(token);
        printResult(
          !!o.json,
          { id: invite.id, email: invite.email, role: invite.role, expiresAt: invite.expiresAt.toISOString(), url },
          `Invite for ${invite.email} (valid until ${invite.expiresAt.toISOString()}; shown once, send it now):\n${url}`,
        );
      }),
    );
}

/** Where a printed link (invite, set-password) points: PUBLIC_URL, else the URL the CLI's clients use, else this machine's port. */
export function linkBase(config: Config): string {
  return (config.PUBLIC_URL ?? config.TASKSVC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
