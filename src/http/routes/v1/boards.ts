import { z } from 'zod';
import { requiredString } from '../../../domain/validate.ts';
import { MAX_INT } from '../../../domain/fields.ts';
import {
  BOARD_LIMITS,
  BOARD_LIMITS_TEXT,
  boardLabelColorField,
  boardTaskDescriptionField,
  boardTaskDueDateField,
  boardTaskLabelsField,
  boardTaskTitleField,
  PROJECT_FIELD_DESCRIPTIONS as D,
} from '../../../domain/board-manifest.ts';
import { LABEL_FIELD_DESCRIPTIONS as LABEL, labelName } from '../../../domain/label.ts';
import { sectionTitle } from '../../../domain/section.ts';
import { route } from '../../route.ts';
import { boardManifestFields, boardManifestInput } from '../shared/board.ts';
import { boundsOf } from '../shared/bounds.ts';
import { graphql } from '../../gql/index.ts';
import { restTeamBoard, restTeamBoardSchema } from '../../presenters/board.ts';

// GraphQL `Int` is 32-bit: a bigger number is refused here, naming the field,
// instead of failing later in GraphQL coercion without one.
const int32 = () => z.number({ message: 'must be an integer' }).int('must be an integer').min(-MAX_INT - 1).max(MAX_INT);

// Types only, like boardManifestFields: the limits are the domain's team
// manifest rules, documented here from them; a list's count is also checked
// here, before its elements are parsed (see boardManifestFields).
const teamBoardBody = z.object({
  ...boardManifestFields,
  labels: z
    .array(
      z.object({
        name: requiredString('name').meta(boundsOf(labelName())).describe(LABEL.name),
        color: z.string().meta(boundsOf(boardLabelColorField())).nullish().describe(D.labelColor),
      }),
    )
    .max(BOARD_LIMITS.labelsMax)
    .nullish()
    .describe(`${D.labels} Each \`{name, color?}\`; \`color\` is accepted and not stored.`),
  tasks: z
    .array(
      z.object({
        title: requiredString('title').meta(boundsOf(boardTaskTitleField())),
        description: z.string().meta(boundsOf(boardTaskDescriptionField())).nullish(),
        section_index: int32().nullish(),
        section_title: z.string().meta(boundsOf(sectionTitle())).nullish(),
        label_names: z.array(z.string()).max(BOARD_LIMITS.labelsMax).meta(boundsOf(boardTaskLabelsField())).nullish(),
        priority: int32().nullish(),
        estimate: int32().nullish(),
        due_date: z.string().meta(boundsOf(boardTaskDueDateField())).nullish(),
      }),
    )
    .max(BOARD_LIMITS.tasksMax)
    .nullish()
    .describe(
      `${D.tasks} Each: \`title\` (1-${BOARD_LIMITS.taskTitleMax}), \`description\` (HTML), \`section_index\` (zero-based) xor \`section_title\`, ` +
        '`label_names` (labels of this manifest), `priority` (0 none, 1 urgent, 2 high, 3 medium, 4 low), ' +
        '`estimate` (0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL), `due_date` (ISO 8601 date or datetime).',
    ),
});

/** POST /api/v1/teams/{teamId}/boards (spec 4.3). */
export const createTeamBoardRoute = route({
  method: 'POST',
  path: '/teams/:teamId/boards',
  operationId: 'createTeamBoard',
  response: restTeamBoardSchema,
  tag: 'boards',
  summary: 'Creates a board in a team with its sections, labels and starter tasks in one call.',
  description:
    'All or nothing: one transaction; any invalid part is a 400 naming the field (e.g. `tasks.3.section_index`) and ' +
    `nothing is created. Every rule of the manifest applies (${BOARD_LIMITS_TEXT}, ` +
    '`section_index` xor `section_title`, `label_names` from this manifest, numeric priority and ' +
    'estimate codes, ISO 8601 due dates). The creator and every team member become board members; the ticket prefix ' +
    'comes from the title (`Website Redesign` → `WR-1`). Optional `Idempotency-Key` header (Stripe semantics, per ' +
    'user): the same key and body within 24 hours replays the first success (same ids, header ' +
    '`Idempotent-Replayed: true`); the same key with another body is 422; the same key while the first request runs ' +
    'is 409; failures are not stored. Answers 201 `{success, team_id, board: {id, title}, sections: [{id, title}], ' +
    'labels: [{id (string), name}], tasks: [{id, ticketNumber, title}], message}`.',
  params: z.object({ teamId: z.string().min(1).max(64).describe('Team UUID (from the user context).') }),
  body: teamBoardBody,
  status: 201,
  idempotent: true,
  document: graphql(`
    mutation RestCreateTeamBoard($teamId: ID!, $input: TeamBoardInput!) {
      createTeamBoard(teamId: $teamId, input: $input) {
        ...BoardFields
        team {
          id
        }
      }
    }
  `),
  toVariables: ({ params, body }) => ({
    teamId: params.teamId,
    input: {
      ...boardManifestInput(body),
      tasks:
        body.tasks?.map((t) => ({
          title: t.title,
          description: t.description ?? null,
          sectionIndex: t.section_index ?? null,
          sectionTitle: t.section_title ?? null,
          labelNames: t.label_names ?? null,
          priority: t.priority ?? null,
          estimate: t.estimate ?? null,
          dueDate: t.due_date ?? null,
        })) ?? null,
    },
  }),
  fieldNames: { teamId: 'teamId' },
  toBody: (data) => restTeamBoard(data.createTeamBoard, data.createTeamBoard.team.id),
});

export const boardRoutes = [createTeamBoardRoute];
