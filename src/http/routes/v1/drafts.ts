import { z } from 'zod';
import {
  DRAFT_PAGE,
  MAX_DRAFT_DESCRIPTION,
  MAX_DRAFT_TITLE,
  draftDescriptionField,
  draftTitleField,
} from '../../../domain/draft.ts';
import { boundsOf } from '../shared/bounds.ts';
import { PRIORITIES } from '../../../domain/task/fields.ts';
import { bodyId, qsDate, qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { draftOut, draftSchema, publishedTask, publishedTaskSchema } from '../../presenters/draft.ts';
import { MAX_OFFSET } from '../../../domain/page.ts';
import { PRIORITY } from '../../../graphql/enum-names.ts';
import { contentTypeName } from '../shared/content-type.ts';
import { checkDraftContentType } from '../../../domain/draft.ts';
import { found } from '../shared/found.ts';
import { NotFoundError } from '../../../errors.ts';

const idParams = z.object({ id: qsId() });
const priority = z.enum(PRIORITIES, { message: `must be one of ${PRIORITIES.join(', ')}` });

/**
 * Draft fields in a body; `null` clears (on PATCH). They parse types only:
 * title and description limits are the domain's (checked before the
 * description is rendered; its errors name these fields), documented from
 * its rules (boundsOf).
 */
const draftBody = z.object({
  project_id: bodyId().nullable().optional().describe('Project of the future task (one of yours).'),
  section_id: bodyId().nullable().optional().describe('Section of that project (no section → Backlog on publish).'),
  title: z
    .string()
    .meta(boundsOf(draftTitleField()))
    .nullable()
    .optional()
    .describe(`Title, at most ${MAX_DRAFT_TITLE} characters; may stay empty until publishing.`),
  description: z
    .string()
    .meta(boundsOf(draftDescriptionField()))
    .nullable()
    .optional()
    .describe(`HTML, or markdown with \`content_type: markdown\`; at most ${MAX_DRAFT_DESCRIPTION} characters.`),
  content_type: z.string().optional().describe('`html` (default) or `markdown`.'),
  priority: priority.nullable().optional().describe('`urgent`, `high`, `medium` or `low`.'),
  due_date: qsDate().nullable().optional().describe('ISO 8601 date or datetime.'),
});
type DraftBody = z.output<typeof draftBody>;

/** Only the fields present in the body become variables: absent stays absent, null clears. */
function draftVariables(b: DraftBody) {
  const all = {
    projectId: b.project_id,
    sectionId: b.section_id,
    title: b.title,
    description: b.description,
    contentType: b.content_type === undefined ? undefined : contentTypeName(b.content_type, checkDraftContentType),
    priority: PRIORITY.name(b.priority),
    dueDate: b.due_date,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Partial<typeof all>;
}

const draftFieldNames = { draftId: 'id' };

/** GET /api/v1/drafts. */
export const listDraftsRoute = route({
  method: 'GET',
  path: '/drafts',
  operationId: 'listDrafts',
  tag: 'drafts',
  summary: 'My task drafts, most recently edited first.',
  description: `Drafts are private to their author. \`limit\` 1 to ${DRAFT_PAGE.maxLimit} (default ${DRAFT_PAGE.defaultLimit}), \`offset\`.`,
  document: graphql(`
    query RestDrafts($limit: Int, $offset: Int) {
      drafts(limit: $limit, offset: $offset) {
        total
        limit
        offset
        items { ...DraftFields }
      }
    }
  `),
  query: z.object({
    limit: qsInt(1, DRAFT_PAGE.maxLimit).optional().describe(`Page size, 1 to ${DRAFT_PAGE.maxLimit} (default ${DRAFT_PAGE.defaultLimit}).`),
    offset: qsInt(0, MAX_OFFSET).optional().describe('Drafts to skip (default 0).'),
  }),
  response: z.object({ success: z.literal(true), drafts: z.array(draftSchema), total: z.number(), limit: z.number(), offset: z.number() }),
  toVariables: ({ query }) => ({ limit: query.limit ?? DRAFT_PAGE.defaultLimit, offset: query.offset ?? 0 }),
  toBody: (data) => ({
    success: true,
    drafts: data.drafts.items.map(draftOut),
    total: data.drafts.total,
    limit: data.drafts.limit,
    offset: data.drafts.offset,
  }),
});

/** POST /api/v1/drafts. */
export const createDraftRoute = route({
  method: 'POST',
  path: '/drafts',
  operationId: 'createDraft',
  idempotent: true,
  tag: 'drafts',
  summary: 'Starts a task draft.',
  description:
    'Every field is optional: `project_id`, `section_id` (of that project), `title`, `description` (+ `content_type`), ' +
    '`priority`, `due_date`. Answers 201 with the draft.',
  document: graphql(`
    mutation RestCreateDraft(
      $projectId: Int
      $sectionId: Int
      $title: String
      $description: String
      $contentType: ContentType
      $priority: Priority
      $dueDate: DateTime
    ) {
      createDraft(
        projectId: $projectId
        sectionId: $sectionId
        title: $title
        description: $description
        contentType: $contentType
        priority: $priority
        dueDate: $dueDate
      ) { ...DraftFields }
    }
  `),
  body: draftBody,
  status: 201,
  response: z.object({ success: z.literal(true), draft: draftSchema }),
  toVariables: ({ body }) => draftVariables(body),
  toBody: (data) => ({ success: true, draft: draftOut(data.createDraft) }),
});

/** GET /api/v1/drafts/{id}. */
export const getDraftRoute = route({
  method: 'GET',
  path: '/drafts/:id',
  operationId: 'getDraft',
  tag: 'drafts',
  summary: 'One of my drafts.',
  description: 'Another user’s draft answers 404.',
  document: graphql(`
    query RestDraft($id: Int!) {
      draft(id: $id) { ...DraftFields }
    }
  `),
  params: idParams,
  response: z.object({ success: z.literal(true), draft: draftSchema }),
  fieldNames: draftFieldNames,
  toVariables: ({ params }) => ({ id: params.id }),
  toBody: (data, { params }) => ({
    success: true,
    draft: draftOut(found(data.draft, () => new NotFoundError(`Draft ${params.id}`, 'draftId'))),
  }),
});

/** PATCH /api/v1/drafts/{id}. */
export const updateDraftRoute = route({
  method: 'PATCH',
  path: '/drafts/:id',
  operationId: 'updateDraft',
  tag: 'drafts',
  summary: 'Changes a draft; omitted fields stay, null clears.',
  description:
    '`null` clears `project_id`, `section_id`, `priority` and `due_date`. Choosing another project drops a section ' +
    'of the old one.',
  document: graphql(`
    mutation RestUpdateDraft(
      $id: Int!
      $projectId: Int
      $sectionId: Int
      $title: String
      $description: String
      $contentType: ContentType
      $priority: Priority
      $dueDate: DateTime
    ) {
      updateDraft(
        id: $id
        projectId: $projectId
        sectionId: $sectionId
        title: $title
        description: $description
        contentType: $contentType
        priority: $priority
        dueDate: $dueDate
      ) { ...DraftFields }
    }
  `),
  params: idParams,
  body: draftBody,
  response: z.object({ success: z.literal(true), draft: draftSchema }),
  fieldNames: draftFieldNames,
  toVariables: ({ params, body }) => ({ id: params.id, ...draftVariables(body) }),
  toBody: (data) => ({ success: true, draft: draftOut(data.updateDraft) }),
});

/** DELETE /api/v1/drafts/{id}. */
export const deleteDraftRoute = route({
  method: 'DELETE',
  path: '/drafts/:id',
  operationId: 'deleteDraft',
  tag: 'drafts',
  summary: 'Deletes one of my drafts.',
  document: graphql(`
    mutation RestDeleteDraft($id: Int!) {
      deleteDraft(id: $id) { id }
    }
  `),
  params: idParams,
  response: z.object({ success: z.literal(true), message: z.string() }),
  fieldNames: draftFieldNames,
  toVariables: ({ params }) => ({ id: params.id }),
  toBody: (data) => ({ success: true, message: `Draft ${data.deleteDraft.id} deleted.` }),
});

/** POST /api/v1/drafts/{id}/publish. */
export const publishDraftRoute = route({
  method: 'POST',
  path: '/drafts/:id/publish',
  operationId: 'publishDraft',
  idempotent: true,
  tag: 'drafts',
  summary: 'Turns a draft into a task; the draft is removed.',
  description:
    'Needs `project_id` and a non-empty `title` on the draft (else 400 naming the field). The task is created by the ' +
    'ordinary rules (no section → `Backlog`, a ticket number, a `task.created` event); the draft is deleted in the ' +
    'same transaction, and kept unchanged when publishing fails. Answers 201 with the task.',
  document: graphql(`
    mutation RestPublishDraft($id: Int!) {
      publishDraft(id: $id) { ...PublishedTaskFields }
    }
  `),
  params: idParams,
  status: 201,
  response: z.object({ success: z.literal(true), task: publishedTaskSchema, message: z.string() }),
  fieldNames: draftFieldNames,
  toVariables: ({ params }) => ({ id: params.id }),
  toBody: (data) => ({
    success: true,
    task: publishedTask(data.publishDraft),
    message: `Draft published as ${data.publishDraft.ticketNumber}.`,
  }),
});

export const draftRoutes = [listDraftsRoute, createDraftRoute, getDraftRoute, updateDraftRoute, deleteDraftRoute, publishDraftRoute];
