import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';
import { restLabel, restLabelSchema, toolLabelSchema } from './label.ts';
import { toolSectionSchema } from './section.ts';

// A board made from a manifest (`BoardPayload`): the tool answer of
// `tasksvc_create_board` and the REST answer of the team board route read
// the same selection.

/** The GraphQL selection of a board made from a manifest. */
const BOARD_FIELDS = graphql(`
  fragment BoardFields on BoardPayload {
    project {
      id
      title
    }
    sections {
      ...SectionTitleFields
    }
    labels {
      ...LabelFields
    }
    tasks {
      id
      ticketNumber
      title
    }
  }
`);

/** Schema of a starter task of a manifest answer. */
const boardTaskSchema = z.object({ id: z.number(), ticketNumber: z.string(), title: z.string() });

/** The tool board (spec 4.1): `{board: {id, title, sections, labels, tasks}}`. */
export const toolBoard = presenter(BOARD_FIELDS, (f) => ({
  board: f(
    (b) => ({ id: b.project.id, title: b.project.title, sections: b.sections, labels: b.labels, tasks: b.tasks }),
    z.object({
      id: z.number(),
      title: z.string(),
      sections: z.array(toolSectionSchema),
      labels: z.array(toolLabelSchema),
      tasks: z.array(boardTaskSchema),
    }),
  ),
}));

/** Schema of `toolBoard`. */
export const toolBoardSchema = toolBoard.schema;

/** The REST team board (spec 4.3) but its team: the board, its parts (label ids as strings) and a summary message. */
const teamBoard = presenter(BOARD_FIELDS, (f) => ({
  board: f((b) => ({ id: b.project.id, title: b.project.title }), z.object({ id: z.number(), title: z.string() })),
  sections: f('sections', z.array(toolSectionSchema)),
  labels: f((b) => b.labels.map(restLabel), z.array(restLabelSchema)),
  tasks: f('tasks', z.array(boardTaskSchema)),
  message: f(
    (b) =>
      `Board "${b.project.title}" created with ${b.sections.length} section(s), ${b.labels.length} label(s) and ${b.tasks.length} task(s).`,
    z.string(),
  ),
}));

/** Schema of `restTeamBoard`: the team the route names, then the board. */
export const restTeamBoardSchema = z.object({ success: z.literal(true), team_id: z.string(), ...teamBoard.schema.shape });

/** The REST team board (spec 4.3): the team the route names (not a field of the board), then the board. */
export function restTeamBoard(b: Parameters<typeof teamBoard>[0], teamId: string): z.output<typeof restTeamBoardSchema> {
  return { success: true, team_id: teamId, ...teamBoard(b) };
}
