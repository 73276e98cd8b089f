import { z } from 'zod';
import { ValidationError } from '../../../errors.ts';
import { MAX_INT, STATUSES } from '../../../domain/fields.ts';
import {
  PRIORITIES,
  TASK_FIELD_DESCRIPTIONS,
  TASK_LIMITS,
  descriptionField,
  estimateMinutesField,
  titleField,
  urlListField,
} from '../../../domain/task/fields.ts';
import { boundsOf } from './bounds.ts';
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

/** A 32-bit integer (GraphQL's Int): the type only; the domain checks the range its field allows. */
const int32 = () => z.number({ message: 'must be an integer' }).int('must be an integer').min(-MAX_INT - 1).max(MAX_INT);

const D = TASK_FIELD_DESCRIPTIONS;
const notAccepted = 'Not accepted here (400): labels are set through GraphQL or a board manifest.';

/**
 * Body fields of task writes. They parse types only (string, integer, the
 * spec's names of a closed set, an ISO date, a list): limits are the
 * domain's, and its errors name the route's field (TASK_FIELD_NAMES, else
 * the snake case of the domain's name). A list's count is the exception:
 * checked here too, with the domain's constant, because zod counts a list
 * before it parses its elements, while past the route every element would
 * be coerced into GraphQL variables before the domain counts them (a 1 MB
 * body holds ~100,000 URLs). The descriptions are the
 * domain's (fields.ts), with this API's spellings added, and so are the
 * bounds OpenAPI shows (boundsOf: documented from the rule, not checked here).
 */
export const taskWriteFields = {
  title: z.string().meta(boundsOf(titleField())).describe(D.title),
  description: z.string().meta(boundsOf(descriptionField())).nullable().optional().describe(`${D.description} Markdown with \`content_type: markdown\`.`),
  content_type: z.string().optional().describe(`${D.contentType} Spelt \`html\` or \`markdown\`; anything else → 400.`),
  priority: z.enum(PRIORITIES).nullable().optional().describe(`${D.priority} \`${PRIORITIES.join('`, `')}\`.`),
  estimate: int32().meta(boundsOf(estimateMinutesField())).nullable().optional().describe(D.estimateMinutes),
  images: z.array(z.string()).max(TASK_LIMITS.urlsMax).meta(boundsOf(urlListField())).nullable().optional().describe(D.images),
  attachments: z.array(z.string()).max(TASK_LIMITS.urlsMax).meta(boundsOf(urlListField())).nullable().optional().describe(D.attachments),
  due_date: qsDate().nullable().optional().describe(D.dueDate),
  status: z.enum(STATUSES).optional().describe(`${D.status} \`${STATUSES.join('`, `')}\`.`),
  labels: z.unknown().optional().describe(notAccepted),
  label_ids: z.unknown().optional().describe(notAccepted),
};

/**
 * Write fields of the REST task routes only: the tool routes take exactly
 * the spec's fields (test/http/strict-bodies.test.ts), so a task field the
 * spec does not name is declared here, one line, parse-only like the above.
 */
export const restOnlyTaskWriteFields = {};

/** Body fields whose domain name is not their camel case: the routes' `estimate` is the domain's `estimateMinutes`. */
const DOMAIN_NAMES: Record<string, string> = { estimate: 'estimateMinutes' };

/** Body fields whose value the domain spells otherwise (GraphQL enum names). */
const DOMAIN_VALUES: Record<string, (v: never) => unknown> = {
  content_type: contentTypeName,
  priority: PRIORITY.name,
  status: STATUS.name,
};

/** Body fields that are refused, never copied (see refuseLabels). */
const REFUSED = new Set(['labels', 'label_ids']);

/** Field names of task write errors, domain name → route name (the rest is the snake case of the domain's). */
export const TASK_FIELD_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(DOMAIN_NAMES).map(([route, domain]) => [domain, route]),
);

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Each write field's domain name and spelling, derived once from the lists above. */
const COPIED = Object.keys({ ...taskWriteFields, ...restOnlyTaskWriteFields })
  .filter((key) => !REFUSED.has(key))
  .map((key) => ({ key, to: DOMAIN_NAMES[key] ?? camelCase(key), value: DOMAIN_VALUES[key] ?? ((v: unknown) => v) }));

/** The parsed write fields of a task body, tool or REST (title optional: updates). */
type WriteFields = typeof taskWriteFields & typeof restOnlyTaskWriteFields;
type TaskWriteBody = Partial<{ [K in keyof WriteFields]: z.output<WriteFields[K]> }>;

/** The domain input of the write fields a body gives (absent keys stay absent). */
function writeInputOf(body: TaskWriteBody): Record<string, unknown> {
  const b = body as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const { key, to, value } of COPIED) if (b[key] !== undefined) input[to] = value(b[key] as never);
  return input;
}

/** The `CreateTaskInput` of a tool or REST create body (shared fields; REST adds labels and the parent). */
export function createInputOf(body: TaskWriteBody & { project_id: number; title: string; section_id?: number | null }) {
  return { ...writeInputOf(body), projectId: body.project_id, title: body.title, sectionId: body.section_id };
}

/** The `UpdateTaskInput` of a tool or REST update body (absent keys stay absent). */
export function updateInputOf(body: TaskWriteBody, sectionId: number | undefined) {
  const input = writeInputOf(body);
  if (sectionId !== undefined) input.sectionId = sectionId;
  return input;
}
