import type { Context, Hono } from 'hono';
import { boardCsv, requireCsvBoard } from '../../../domain/export/board-csv.ts';
import { requireExportableTeam, teamExport } from '../../../domain/export/team-export.ts';
import { AppError, ValidationError } from '../../../errors.ts';
import type { Services } from '../../../services.ts';
import type { AppEnv } from '../../env.ts';
import { toErrorResponse } from '../../error-body.ts';

/** The team export route (Hono path). */
export const TEAM_EXPORT_PATH = '/api/v1/teams/:teamId/export';
/** The board CSV route (Hono path). */
export const BOARD_CSV_PATH = '/api/v1/projects/:projectId{[0-9]+}/export.csv';

/** Seconds a caller refused for an export in flight is told to wait. */
const EXPORT_RETRY_AFTER_SECONDS = 10;

/**
 * The export routes, plain Hono handlers because they stream (the route
 * facade answers one JSON object): `GET /api/v1/teams/{teamId}/export`
 * (team owners: the team export document, src/domain/export/team-format.ts)
 * and `GET /api/v1/projects/{projectId}/export.csv` (board members: the board
 * as CSV). Who may, and every refusal, is settled before the first byte;
 * the body is then read page by page as the client takes it (a slow client
 * slows the reads, never fills memory). One export per user at a time on an
 * instance: a second is 429 `export_in_progress` with `Retry-After`. A
 * failure after the first byte cuts the body short (the document is then not
 * valid JSON, never a valid-looking partial one).
 */
export function mountExportRoutes(app: Hono<AppEnv>, services: Services) {
  const db = services.database.prisma;
  const running = new Set<number>();

  const streamed = async (
    c: Context<AppEnv>,
    prepare: (userId: number) => Promise<{ chunks: AsyncGenerator<string>; type: string; filename: string }>,
  ) => {
    c.header('cache-control', 'no-store');
    const userId = c.get('viewer')!.userId;
    try {
      if (running.has(userId)) {
        c.header('Retry-After', String(EXPORT_RETRY_AFTER_SECONDS));
        throw new AppError('RATE_LIMITED', 'An export of yours is running on this instance: retry when it has ended.', null, 'export_in_progress');
      }
      running.add(userId);
      let released = false;
      const release = () => {
        if (!released) running.delete(userId);
        released = true;
      };
      let prepared;
      try {
        prepared = await prepare(userId);
      } catch (err) {
        release();
        throw err;
      }
      const { chunks, type, filename } = prepared;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await chunks.next();
            if (next.done) {
              release();
              controller.close();
            } else controller.enqueue(encoder.encode(next.value));
          } catch (err) {
            release();
            c.get('logger').error({ err, path: c.req.path }, 'export failed after its first byte');
            controller.error(err);
          }
        },
        async cancel() {
          release();
          await chunks.return(undefined);
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': type,
          'content-disposition': `attachment; filename="${filename}"`,
          'cache-control': 'no-store',
        },
      });
    } catch (err) {
      const { status, body } = toErrorResponse(err, c.get('logger'));
      return c.json(body, status as 400);
    }
  };

  app.get(TEAM_EXPORT_PATH, (c) =>
    streamed(c, async (userId) => {
      const history = c.req.query('history');
      if (history !== undefined && history !== 'true' && history !== 'false') {
        throw new ValidationError('history', 'history: expected true or false', 'invalid');
      }
      const team = await requireExportableTeam(db, userId, c.req.param('teamId'));
      return { chunks: teamExport(db, team, { history: history !== 'false' }), type: 'application/json', filename: `team-${team.uuid}.json` };
    }),
  );

  app.get(BOARD_CSV_PATH, (c) =>
    streamed(c, async (userId) => {
      const raw = c.req.param('projectId');
      const id = Number(raw);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new ValidationError('project_id', 'project_id: expected a board id', 'invalid');
      const board = await requireCsvBoard(db, userId, id);
      return { chunks: boardCsv(db, board), type: 'text/csv; charset=utf-8', filename: `board-${board.id}.csv` };
    }),
  );
}
