import { z } from 'zod';
import { BOARD_LIMITS } from '../../../domain/board-manifest.ts';
import { NAME_LIMITS } from '../../../domain/fields.ts';
import { requiredString } from '../../../domain/validate.ts';

// The parts of a board manifest both board routes take (the tool
// `tasksvc_create_board` and the REST team board); their labels and tasks
// differ, and the domain checks every limit (src/domain/board-manifest.ts).

/** Body fields of a manifest's board: title, description, sections. */
export const boardManifestFields = {
  title: requiredString('title').max(BOARD_LIMITS.titleMax).describe(`Board title, 1 to ${BOARD_LIMITS.titleMax} characters.`),
  description: z
    .string()
    .max(BOARD_LIMITS.descriptionMax)
    .nullish()
    .describe(`Board description, at most ${BOARD_LIMITS.descriptionMax} characters.`),
  sections: z
    .array(z.object({ title: requiredString('title').max(NAME_LIMITS.sectionTitleMax) }), { message: 'sections is required: [{title}]' })
    .max(BOARD_LIMITS.sectionsMax)
    .describe(`${BOARD_LIMITS.sectionsMin} to ${BOARD_LIMITS.sectionsMax} sections \`{title}\`, in board order.`),
};

/** The board, its sections and labels of a parsed manifest body, as GraphQL input. */
export function boardManifestInput<L>(body: { title: string; description?: string | null; sections: { title: string }[]; labels?: L[] | null }) {
  return { title: body.title, description: body.description ?? null, sections: body.sections, labels: body.labels ?? null };
}
