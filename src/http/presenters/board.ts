import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { BoardFieldsFragment } from '../gql/graphql.ts';
import { restLabel, restLabelSchema, toolLabelSchema } from './label.ts';
import { toolSectionSchema } from './section.ts';

// A board made from a manifest (`BoardPayload`): the tool answer of
// `tasksvc_create_board` and the REST answer of the team board route read
// the same selection.

/** The GraphQL selection of a board made from a manifest. */
export const BOARD_FIELDS = graphql(`
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
export function toolBoard(b: BoardFieldsFragment) {
  return { board: { id: b.project.id, title: b.project.title, sections: b.sections, labels: b.labels, tasks: b.tasks } };
}

/** Schema of `toolBoard`. */
export const toolBoardSchema = z.object({
  board: z.object({
    id: z.number(),
    title: z.string(),
    sections: z.array(toolSectionSchema),
    labels: z.array(toolLabelSchema),
    tasks: z.array(boardTaskSchema),
  }),
});

/** The REST team board (spec 4.3): the board, its parts (label ids as strings) and a summary message. */
export function restTeamBoard(b: BoardFieldsFragment, teamId: string) {
  return {
    success: true as const,
    team_id: teamId,
    board: { id: b.project.id, title: b.project.title },
    sections: b.sections,
    labels: b.labels.map(restLabel),
    tasks: b.tasks,
    message: `Board "${b.project.title}" created with ${b.sections.length} section(s), ${b.labels.length} label(s) and ${b.tasks.length} task(s).`,
  };
}

/** Schema of `restTeamBoard`. */
export const restTeamBoardSchema = z.object({
  success: z.literal(true),
  team_id: z.string(),
  board: z.object({ id: z.number(), title: z.string() }),
  sections: z.array(toolSectionSchema),
  labels: z.array(restLabelSchema),
  tasks: z.array(boardTaskSchema),
  message: z.string(),
});
