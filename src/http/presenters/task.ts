import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { ASSIGNEE_KIND, PRIORITY, STATUS } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type {
  RestTaskFieldsFragment,
  ToolCreatedTaskFieldsFragment,
  ToolMovedTaskFieldsFragment,
  ToolTaskFieldsFragment,
  ToolUpdatedTaskFieldsFragment,
} from '../gql/graphql.ts';
import { assigneeOut, assigneeSchema } from './assignee.ts';
import { restLabel, restLabelSchema } from './label.ts';

// Tasks: the spec 2.4 tool task (`section` is the section name, assignees
// `{id, displayName}`, `priority` null when the task has none), the short
// answers of the tool create, update and move routes, and the REST task
// (snake_case fields with `createdAt`/`updatedAt`, label ids as strings,
// subtasks). Each reads a selection of exactly the fields it shows.

/** The GraphQL selection of a tool task: exactly what `toolTask` shows. */
export const TOOL_TASK_FIELDS = graphql(`
  fragment ToolTaskFields on Task {
    id
    ticketNumber
    title
    description
    priority
    section {
      title
    }
    assignees {
      ...AssigneeFields
    }
    createdAt
    updatedAt
  }
`);

/** Spec 2.4 task object (tool routes). */
export function toolTask(t: ToolTaskFieldsFragment) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    description: t.description,
    priority: PRIORITY.spec(t.priority ?? null),
    section: t.section.title,
    assignees: t.assignees.map(assigneeOut),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** Schema of `toolTask`. */
export const toolTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  description: z.string().describe('HTML.'),
  priority: z.enum(PRIORITIES).nullable(),
  section: z.string().describe('Section name.'),
  assignees: z.array(assigneeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The GraphQL selection of a task the create tool made: exactly what `toolCreatedTask` shows. */
export const TOOL_CREATED_TASK_FIELDS = graphql(`
  fragment ToolCreatedTaskFields on Task {
    id
    ticketNumber
    title
    priority
    section {
      title
    }
    createdAt
  }
`);

/** The answer of the create tool (spec 4.1): the new task in short. */
export function toolCreatedTask(t: ToolCreatedTaskFieldsFragment) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    priority: PRIORITY.spec(t.priority ?? null),
    section: t.section.title,
    createdAt: t.createdAt,
  };
}

/** Schema of `toolCreatedTask`. */
export const toolCreatedTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  priority: z.enum(PRIORITIES).nullable(),
  section: z.string(),
  createdAt: z.string(),
});

/** The GraphQL selection of a task the update tool changed: exactly what `toolUpdatedTask` shows. */
export const TOOL_UPDATED_TASK_FIELDS = graphql(`
  fragment ToolUpdatedTaskFields on Task {
    id
    ticketNumber
    title
    section {
      title
    }
    updatedAt
  }
`);

/** The answer of the update tool (spec 4.1): the task in short. */
export function toolUpdatedTask(t: ToolUpdatedTaskFieldsFragment) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    section: t.section.title,
    updatedAt: t.updatedAt,
  };
}

/** Schema of `toolUpdatedTask`. */
export const toolUpdatedTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  section: z.string(),
  updatedAt: z.string(),
});

/** The GraphQL selection of a task the move tool moved: exactly what `toolMovedTask` shows. */
export const TOOL_MOVED_TASK_FIELDS = graphql(`
  fragment ToolMovedTaskFields on Task {
    id
    ticketNumber
    projectId
    section {
      title
    }
  }
`);

/** The answer of the move tool (spec 4.1): where the task is now and its new number. */
export function toolMovedTask(t: ToolMovedTaskFieldsFragment) {
  return { id: t.id, ticket_number: t.ticketNumber, project_id: t.projectId, section: t.section.title };
}

/** Schema of `toolMovedTask`. */
export const toolMovedTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  project_id: z.number(),
  section: z.string(),
});

/** The GraphQL selection of a REST task: exactly what `restTask` shows. */
export const REST_TASK_FIELDS = graphql(`
  fragment RestTaskFields on Task {
    id
    ticketNumber
    uniqueIndex
    title
    description
    priority
    status
    projectId
    section {
      ...SectionTitleFields
    }
    assignees {
      ...AssigneeFields
    }
    labels {
      ...LabelFields
    }
    estimateMinutes
    estimateSize
    images
    attachments
    dueDate
    parentId
    subtasks {
      id
      ticketNumber
      title
      status
    }
    createdBy {
      id
      displayName
    }
    commentCount
    createdAt
    updatedAt
    version
  }
`);

/** The REST task object. */
export function restTask(t: RestTaskFieldsFragment) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    unique_index: t.uniqueIndex,
    title: t.title,
    description: t.description,
    priority: PRIORITY.spec(t.priority ?? null),
    status: STATUS.spec(t.status),
    project_id: t.projectId,
    section: { id: t.section.id, title: t.section.title },
    assignees: t.assignees.map((a) => ({ ...assigneeOut(a), kind: ASSIGNEE_KIND.spec(a.kind) })),
    labels: t.labels.map(restLabel),
    estimate: t.estimateMinutes ?? null,
    estimate_size: t.estimateSize ?? null,
    due_date: t.dueDate ?? null,
    images: t.images,
    attachments: t.attachments,
    parent_id: t.parentId ?? null,
    subtasks: t.subtasks.map((c) => ({ id: c.id, ticket_number: c.ticketNumber, title: c.title, status: STATUS.spec(c.status) })),
    created_by: t.createdBy ?? null,
    comment_count: t.commentCount,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    version: t.version,
  };
}

/** Schema of `restTask`. */
export const restTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  unique_index: z.number(),
  title: z.string(),
  description: z.string().describe('Sanitised HTML.'),
  priority: z.enum(PRIORITIES).nullable(),
  status: z.enum(STATUSES),
  project_id: z.number(),
  section: z.object({ id: z.number(), title: z.string() }),
  assignees: z.array(
    z.object({ id: z.union([z.number(), z.string()]), displayName: z.string(), kind: z.enum(['user', 'agent']) }),
  ),
  labels: z.array(restLabelSchema),
  estimate: z.number().nullable().describe('Minutes.'),
  estimate_size: z.number().nullable().describe('Team manifest size: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL.'),
  due_date: z.string().nullable(),
  images: z.array(z.string()),
  attachments: z.array(z.string()),
  parent_id: z.number().nullable().describe('Parent task (same project), for subtasks; null for top-level tasks.'),
  subtasks: z
    .array(z.object({ id: z.number(), ticket_number: z.string(), title: z.string(), status: z.enum(STATUSES) }))
    .describe('Subtasks (children) of every status, by number.'),
  created_by: z.object({ id: z.number(), displayName: z.string() }).nullable(),
  comment_count: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z
    .number()
    .describe('Grows by one with every change; the number before the dash of the task’s `ETag`, which `If-Match` on `PATCH` names.'),
});

/** `{success, task}`: the answer of every REST route that returns one task. */
export const oneTask = z.object({ success: z.literal(true), task: restTaskSchema });
