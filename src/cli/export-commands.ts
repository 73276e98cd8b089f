import type { Command } from 'commander';
import { currentControlRun } from '../control/context.ts';
import { ValidationError } from '../errors.ts';
import { withDatabase } from './database.ts';
import { integerOption } from './options.ts';

/** Writes a stream of text to stdout (the control-channel client's, through a server), waiting while it drains. */
async function writeStdout(chunks: AsyncIterable<string>): Promise<void> {
  const run = currentControlRun();
  for await (const chunk of chunks) {
    if (run) {
      run.write('stdout', chunk);
      await run.drained?.();
    } else if (!process.stdout.write(chunk)) {
      await new Promise((resolve) => process.stdout.once('drain', resolve));
    }
  }
}

/**
 * `tasksvc export --team <id>`: the team export document (JSON, see
 * src/domain/export/team-format.ts) on stdout; `--board <id>`: the board as
 * CSV. The operator's command: any team or board.
 */
export function registerExportCommand(program: Command) {
  program
    .command('export')
    .description('Export a team (--team: one JSON document) or a board (--board: CSV) to stdout')
    .option('--team <team>', 'team number or UUID')
    .option('--board <id>', 'board (project) id', integerOption('the board id', 1, 2_147_483_647))
    .action(async (o: { team?: string; board?: number }) => {
      if ((o.team === undefined) === (o.board === undefined)) {
        throw new ValidationError('team', 'give one of --team <team> (JSON) or --board <id> (CSV)', 'required');
      }
      await withDatabase(
        async (db) => {
          if (o.team !== undefined) {
            const { requireExportableTeam, teamExport } = await import('../domain/export/team-export.ts');
            const team = await requireExportableTeam(db.prisma, null, o.team);
            await writeStdout(teamExport(db.prisma, team));
          } else {
            const { boardCsv, requireCsvBoard } = await import('../domain/export/board-csv.ts');
            const board = await requireCsvBoard(db.prisma, null, o.board!);
            await writeStdout(boardCsv(db.prisma, board));
          }
        },
        { migrate: true },
      );
    });
}
