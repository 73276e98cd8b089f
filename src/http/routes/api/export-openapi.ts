import { z } from 'zod';
import { BOARD_CSV_COLUMNS } from '../../../domain/export/board-csv.ts';
import { EXPORT_PAGE_ROWS } from '../../../domain/export/team-export.ts';
import { TEAM_EXPORT_KEYS, teamExportDocument } from '../../../domain/export/team-format.ts';
import { EVERY_ROUTE, errorResponsesOf, jsonSchemaOf, openApiPath } from '../../openapi.ts';
import { BOARD_CSV_PATH, TEAM_EXPORT_PATH } from './export.ts';

// The OpenAPI entries of the streamed export handlers (./export.ts); openapi.ts merges them.

const STREAMED =
  `The body is streamed as it is read (pages of ${EXPORT_PAGE_ROWS} rows), so any size exports in bounded memory; ` +
  'a failure after the first byte cuts the body short. One export per user at a time on an instance: ' +
  'another is 429 `export_in_progress` with `Retry-After`.';

/** `paths` entries of the export routes. */
export function exportOpenApiPaths(): Record<string, Record<string, unknown>> {
  // Built here, not at load: openapi.ts imports this module while it is itself loading.
  const errors = errorResponsesOf([...EVERY_ROUTE, 'NOT_FOUND']);
  return {
    [openApiPath(TEAM_EXPORT_PATH)]: {
      get: {
        operationId: 'exportTeam',
        summary: 'Export a team as one JSON document',
        description:
          'Team owners only (a member is 403 `not_team_owner`; a team you are not on is 404). The document (`format` ' +
          '`tasksvc-team-export`, `version` 1) holds the team, the people its data names (by email), its agents and ' +
          'boards (sections, labels, members), every task (description, labels, assignees, due date, parent), the ' +
          'comments, and the history the service keeps (its outbox events, EVENT_RETENTION_DAYS), with top-level keys ' +
          `in this order: ${TEAM_EXPORT_KEYS.join(', ')}. ${STREAMED} Not a point-in-time copy (that is \`tasksvc backup\`): ` +
          'rows are read as their page is read, and the document never names a task it does not hold.',
        tags: ['teams'],
        parameters: [
          { name: 'teamId', in: 'path', required: true, schema: { type: 'string' }, description: 'Team number or UUID.' },
          {
            name: 'history',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['true', 'false'] },
            description: '`false` leaves the `history` key out (default `true`).',
          },
        ],
        responses: {
          '200': {
            description: 'The team export document (`Content-Disposition: attachment`).',
            content: { 'application/json': { schema: jsonSchemaOf(teamExportDocument, 'output') } },
          },
          ...errors,
        },
      },
    },
    [openApiPath(BOARD_CSV_PATH)]: {
      get: {
        operationId: 'exportBoardCsv',
        summary: 'Export a board as CSV',
        description:
          `Board members. RFC 4180 CSV with a header row (${BOARD_CSV_COLUMNS.join(', ')}), one row per task by ticket ` +
          'number; labels and assignees joined with `, `; a text starting with `=`, `+`, `-`, `@`, a tab or a carriage ' +
          `return gets a leading \`'\` (spreadsheets would run it as a formula). ${STREAMED}`,
        tags: ['projects'],
        parameters: [{ name: 'projectId', in: 'path', required: true, schema: { type: 'integer' }, description: 'Board (project) id.' }],
        responses: {
          '200': { description: 'The board as CSV.', content: { 'text/csv': { schema: jsonSchemaOf(z.string(), 'output') } } },
          ...errors,
        },
      },
    },
  };
}
