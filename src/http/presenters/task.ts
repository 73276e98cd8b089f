import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { type AssigneeNode, assigneeOut, assigneeSchema } from './assignee.ts';

// Tasks: the spec 2.4 tool task (`section` is the section name, assignees
// `{id, displayName}`, `priority` null when the task has none) and the REST
// task (snake_case fields with `createdAt`/`updatedAt`, label ids as strings,
// subtasks). Both read the same GraphQL fragment.

/** A task as GraphQL returns it to the task routes (tool and REST): the `RouteTask` fragment. */
export interface TaskNode {
  id: number;
  ticketNumber: string;
  uniqueIndex: number;
  title: string;
  description: string;
  priority: string | null;
  status: string;
  projectId: number;
  section: { id: number; title: string };
  assignees: AssigneeNode[];
  labels: { id: number; name: string }[];
  estimateMinutes: number | null;
  estimateSize: number | null;
  images: string[];
  attachments: string[];
  dueDate: string | null;
  parentId: number | null;
  createdBy: { id: number; displayName: string } | null;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Every Task field the tool and REST task routes show. */
export const TASK_FIELDS = /* GraphQL */ `
  fragment RouteTask on Task {
    id
    ticketNumber
    uniqueIndex
    title
    description
    priority
    status
    projectId
    section {
      id
      title
    }
    assignees {
      id
      kind
      displayName
    }
    labels {
      id
      name
    }
    estimateMinutes
    estimateSize
    images
    attachments
    dueDate
    parentId
    createdBy {
      id
      displayName
    }
    commentCount
    createdAt
    updatedAt
  }
`;

/** Spec 2.4 task object (tool routes). */
export function toolTask(t: TaskNode) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    description: t.description,
    priority: t.priority,
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

/** The REST task fields: the shared ones plus the subtasks. */
export const REST_TASK_FIELDS = /* GraphQL */ `
  fragment RestTask on Task {
    ...RouteTask
    subtasks {
      id
      ticketNumber
      title
      status
    }
  }
  ${TASK_FIELDS}
`;

/** A task as the REST routes receive it (the `RestTask` fragment). */
export interface RestTaskNode extends TaskNode {
  subtasks: { id: number; ticketNumber: string; title: string; status: string }[];
}

/** The REST task object. */
export function restTask(t: RestTaskNode) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    unique_index: t.uniqueIndex,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    project_id: t.projectId,
    section: { id: t.section.id, title: t.section.title },
    assignees: t.assignees.map((a) => ({ ...assigneeOut(a), kind: a.kind })),
    labels: t.labels.map((l) => ({ id: String(l.id), name: l.name })),
    estimate: t.estimateMinutes,
    estimate_size: t.estimateSize,
    due_date: t.dueDate,
    images: t.images,
    attachments: t.attachments,
    parent_id: t.parentId,
    subtasks: t.subtasks.map((c) => ({ id: c.id, ticket_number: c.ticketNumber, title: c.title, status: c.status })),
    created_by: t.createdBy,
    comment_count: t.commentCount,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
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
  labels: z.array(z.object({ id: z.string(), name: z.string() })),
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
});

/** `{success, task}`: the answer of every REST route that returns one task. */
export const oneTask = z.object({ success: z.literal(true), task: restTaskSchema });

/** The REST task fragment's operation around one task-returning field. */
export const restTaskDocument = (operation: string) => `${operation}\n${REST_TASK_FIELDS}`;
