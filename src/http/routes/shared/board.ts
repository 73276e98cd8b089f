import { z } from 'zod';
import { BOARD_LIMITS, boardDescriptionField, boardSectionsField, boardTitleField, PROJECT_FIELD_DESCRIPTIONS as D } from '../../../domain/board-manifest.ts';
import { SECTION_FIELD_DESCRIPTIONS, sectionTitle } from '../../../domain/section.ts';
import { requiredString } from '../../../domain/validate.ts';
import { boundsOf } from './bounds.ts';

// The parts of a board manifest both board routes take (the tool
// `tasksvc_create_board` and the REST team board); their labels and tasks
// differ. They parse types only: the domain checks every limit
// (src/domain/board-manifest.ts), counts and lengths before it renders a
// description or touches the database, and its errors name these fields
// (`tasks.3.section_title`: the facade's snake case of its paths). OpenAPI
// shows the bounds of its rules (boundsOf), not checked twice.
// Except a list's count, kept here too (the same BOARD_LIMITS constant): zod
// counts a list before it parses its elements, so an overlong list is refused
// at once, whereas past this schema every element is parsed, mapped and
// coerced into GraphQL variables before the domain counts them (a 1 MB body
// of 30,000 tasks: about 235 ms of CPU, against 0.5 ms refused here).

/** Body fields of a manifest's board: title, description, sections. */
export const boardManifestFields = {
  title: requiredString('title').meta(boundsOf(boardTitleField())).describe(D.title),
  description: z.string().meta(boundsOf(boardDescriptionField())).nullish().describe(D.description),
  sections: z
    .array(z.object({ title: requiredString('title').meta(boundsOf(sectionTitle())).describe(SECTION_FIELD_DESCRIPTIONS.title) }), {
      message: 'sections is required: [{title}]',
    })
    .max(BOARD_LIMITS.sectionsMax)
    .meta(boundsOf(boardSectionsField()))
    .describe(`${D.sections} Each \`{title}\`.`),
};

/** The board, its sections and labels of a parsed manifest body, as GraphQL input. */
export function boardManifestInput<L>(body: { title: string; description?: string | null; sections: { title: string }[]; labels?: L[] | null }) {
  return { title: body.title, description: body.description ?? null, sections: body.sections, labels: body.labels ?? null };
}
