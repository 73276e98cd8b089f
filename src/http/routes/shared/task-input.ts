import { z } from 'zod';
import { ValidationError } from '../../../errors.ts';
import { STATUSES } from '../../../domain/fields.ts';
import { PRIORITIES, TASK_LIMITS, estimateMinutesField } from '../../../domain/task/fields.ts';
import { qsDate } from '../../query-params.ts';
import { PRIORITY, STATUS } from '../../../graphql/enum-names.ts';
import { contentTypeName } from './content-type.ts';

// The body of task writes, shared by the tool and REST task routes.

/**
 * Spec 4.1 rule 2: labels cannot be set through these routes. Saying so is
 * kinder than dropping them silently.
 */
export function refuseLabels(body: Record<string, unknown>, where: string) {
  for (const key of ['labels', 'label_ids', 'label_names', 'labelIds']) {
    if (body[key] !== undefined) {
      throw new ValidationError(
        'labels',
        `labels cannot be set through ${where}; set them with GraphQL (createTask/updateTask labelIds) or a board manifest.`,
        'not_supported',
      );
    }
  }
}

/** Body fields of task writes, the same rules as the domain (so errors name the route's own field). */
export const taskWriteFields = {
  title: z.string().max(TASK_LIMITS.titleMax).describe(`1 to ${TASK_LIMITS.titleMax} characters (trimmed).`),
  description: z
    .string()
    .max(TASK_LIMITS.descriptionMax)
    .nullable()
    .optional()
    .describe(`HTML, or markdown with \`content_type: markdown\`; at most ${TASK_LIMITS.descriptionMax} characters.`),
  content_type: z
    .string()
    .optional()
    .describe('`html` (default) or `markdown` (GitHub Flavored Markdown → HTML). Anything else → 400.'),
  priority: z.enum(PRIORITIES).nullable().optional().describe('`urgent`, `high`, `medium`, `low`; null for none.'),
  estimate: estimateMinutesField().nullable().optional().describe(`Estimate in minutes (0 to ${TASK_LIMITS.estimateMinutesMax}); null clears.`),
  images: z.array(z.string().max(TASK_LIMITS.urlLength)).max(TASK_LIMITS.urlsMax).nullable().optional().describe('Image URLs (http/https).'),
  attachments: z
    .array(z.string().max(TASK_LIMITS.urlLength))
    .max(TASK_LIMITS.urlsMax)
    .nullable()
    .optional()
    .describe('Attachment URLs (http/https).'),
  due_date: qsDate().nullable().optional().describe('ISO 8601 date or datetime; null clears.'),
  status: z.enum(STATUSES).optional().describe('`Normal`, `Archive` or `Deleted`.'),
  labels: z.unknown().optional().describe('Not accepted here (400): labels are set through GraphQL or a board manifest.'),
  label_ids: z.unknown().optional().describe('Not accepted here (400): labels are set through GraphQL or a board manifest.'),
};

/** Field names of task write errors: the domain's `estimateMinutes` is the routes' `estimate`. */
export const TASK_FIELD_NAMES = { estimateMinutes: 'estimate' };

/** The parsed write fields of a task body (title optional: updates). */
type TaskWriteBody = Partial<{ [K in keyof typeof taskWriteFields]: z.output<(typeof taskWriteFields)[K]> }>;

/** The `CreateTaskInput` of a tool or REST create body (shared fields; REST adds labels and the parent). */
export function createInputOf(body: TaskWriteBody & { project_id: number; title: string; section_id?: number | null }) {
  return {
    projectId: body.project_id,
    title: body.title,
    description: body.description,
    contentType: contentTypeName(body.content_type),
    sectionId: body.section_id,
    priority: PRIORITY.name(body.priority),
    estimateMinutes: body.estimate,
    images: body.images,
    attachments: body.attachments,
    dueDate: body.due_date,
    status: STATUS.name(body.status),
  };
}

/** The `UpdateTaskInput` of a tool or REST update body (absent keys stay absent). */
export function updateInputOf(body: TaskWriteBody, sectionId: number | undefined) {
  const b = body as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  const copy = (from: string, to: string, name: (v: never) => unknown = (v) => v) => {
    if (b[from] !== undefined) input[to] = name(b[from] as never);
  };
  copy('title', 'title');
  copy('description', 'description');
  copy('content_type', 'contentType', contentTypeName);
  copy('priority', 'priority', PRIORITY.name);
  copy('estimate', 'estimateMinutes');
  copy('images', 'images');
  copy('attachments', 'attachments');
  copy('due_date', 'dueDate');
  copy('status', 'status', STATUS.name);
  if (sectionId !== undefined) input.sectionId = sectionId;
  return input;
}
