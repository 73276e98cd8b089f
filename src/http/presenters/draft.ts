import { z } from 'zod';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { PRIORITY } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { DraftFieldsFragment, PublishedTaskFieldsFragment } from '../gql/graphql.ts';
import { toolTaskSchema } from './task.ts';

// Task drafts: the REST draft record (ours: the spec does not show it).

/** The GraphQL selection of a draft. */
export const DRAFT_FIELDS = graphql(`
  fragment DraftFields on TaskDraft {
    id
    projectId
    sectionId
    title
    description
    priority
    dueDate
    createdAt
    updatedAt
  }
`);

/** The REST draft: snake_case names. */
export function draftOut(d: DraftFieldsFragment) {
  return {
    id: d.id,
    project_id: d.projectId ?? null,
    section_id: d.sectionId ?? null,
    title: d.title,
    description: d.description,
    priority: PRIORITY.spec(d.priority ?? null),
    due_date: d.dueDate ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** Schema of `draftOut`. */
export const draftSchema = z.object({
  id: z.number(),
  project_id: z.number().nullable(),
  section_id: z.number().nullable(),
  title: z.string(),
  description: z.string().describe('Sanitised HTML.'),
  priority: z.enum(PRIORITIES).nullable(),
  due_date: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The GraphQL selection of the task a published draft became. */
export const PUBLISHED_TASK_FIELDS = graphql(`
  fragment PublishedTaskFields on Task {
    id
    ticketNumber
    title
    description
    priority
    projectId
    section {
      ...SectionTitleFields
    }
    dueDate
    createdAt
  }
`);

/** The task a published draft became: the draft's fields in the draft's names, with the ticket number and section. */
export function publishedTask(t: PublishedTaskFieldsFragment) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    description: t.description,
    priority: PRIORITY.spec(t.priority ?? null),
    project_id: t.projectId,
    section: t.section.title,
    section_id: t.section.id,
    due_date: t.dueDate ?? null,
    createdAt: t.createdAt,
  };
}

/** Schema of `publishedTask`: the tool task's head, then where it landed. */
export const publishedTaskSchema = toolTaskSchema.pick({ id: true, ticket_number: true, title: true, description: true, priority: true }).extend({
  project_id: z.number(),
  section: z.string(),
  section_id: z.number(),
  due_date: z.string().nullable(),
  createdAt: z.string(),
});
