import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { ASSIGNEE_KIND, PRIORITY, STATUS } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { fieldsOf, pick, presenter } from '../presenter.ts';
import type { Priority } from '../gql/graphql.ts';
import { assigneeOut, assigneeSchema } from './assignee.ts';
import { restLabel, restLabelSchema } from './label.ts';

// Tasks: the spec 2.4 tool task (`section` is the section name, assignees
// `{id, displayName}`, `priority` null when the task has none), the short
// answers of the tool create, update and move routes, and the REST task
// (snake_case fields with `createdAt`/`updatedAt`, label ids as strings,
// subtasks). Each reads a selection of exactly the fields it shows.

/** What the shared task fields read: any task fragment selecting these. */
interface TaskHead {
  id: number;
  ticketNumber: string;
  title: string;
  description: string;
  priority: Priority | null;
  section: { title: string };
  createdAt: string;
  updatedAt: string;
}

/** The task fields the tool shapes (and the published draft) show the same way; each picks the ones it shows. */
export const taskFields = fieldsOf<TaskHead>()((f) => ({
  id: f('id', z.number()),
  ticket_number: f('ticketNumber', z.string()),
  title: f('title', z.string()),
  description: f('description', z.string().describe('HTML.')),
  priority: f((t: Pick<TaskHead, 'priority'>) => PRIORITY.spec(t.priority), z.enum(PRIORITIES).nullable()),
  section: f((t: Pick<TaskHead, 'section'>) => t.section.title, z.string()),
  createdAt: f('createdAt', z.string()),
  updatedAt: f('updatedAt', z.string()),
}));

/** Spec 2.4 task object (tool routes). */
export const toolTask = presenter(
  graphql(`
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
  `),
  (f) => ({
    ...pick(taskFields, 'id', 'ticket_number', 'title', 'description', 'priority'),
    section: f((t) => t.section.title, z.string().describe('Section name.')),
    assignees: f((t) => t.assignees.map(assigneeOut), z.array(assigneeSchema)),
    ...pick(taskFields, 'createdAt', 'updatedAt'),
  }),
);

/** Schema of `toolTask`. */
export const toolTaskSchema = toolTask.schema;

/** The answer of the create tool (spec 4.1): the new task in short. */
export const toolCreatedTask = presenter(
  graphql(`
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
  `),
  () => pick(taskFields, 'id', 'ticket_number', 'title', 'priority', 'section', 'createdAt'),
);

/** Schema of `toolCreatedTask`. */
export const toolCreatedTaskSchema = toolCreatedTask.schema;

/** The answer of the update tool (spec 4.1): the task in short. */
export const toolUpdatedTask = presenter(
  graphql(`
    fragment ToolUpdatedTaskFields on Task {
      id
      ticketNumber
      title
      section {
        title
      }
      updatedAt
    }
  `),
  () => pick(taskFields, 'id', 'ticket_number', 'title', 'section', 'updatedAt'),
);

/** Schema of `toolUpdatedTask`. */
export const toolUpdatedTaskSchema = toolUpdatedTask.schema;

/** The answer of the move tool (spec 4.1): where the task is now and its new number. */
export const toolMovedTask = presenter(
  graphql(`
    fragment ToolMovedTaskFields on Task {
      id
      ticketNumber
      projectId
      section {
        title
      }
    }
  `),
  (f) => ({ ...pick(taskFields, 'id', 'ticket_number'), project_id: f('projectId', z.number()), section: taskFields.section }),
);

/** Schema of `toolMovedTask`. */
export const toolMovedTaskSchema = toolMovedTask.schema;

/** A REST task's assignee: the spec 2.4 assignee with its kind. */
const restAssigneeSchema = z.object({ id: z.union([z.number(), z.string()]), displayName: z.string(), kind: z.enum(['user', 'agent']) });

/** A REST task's subtask, in short. */
const restSubtaskSchema = z.object({ id: z.number(), ticket_number: z.string(), title: z.string(), status: z.enum(STATUSES) });

/** The REST task object. */
export const restTask = presenter(
  graphql(`
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
  `),
  (f) => ({
    ...pick(taskFields, 'id', 'ticket_number'),
    unique_index: f('uniqueIndex', z.number()),
    title: taskFields.title,
    description: f('description', z.string().describe('Sanitised HTML.')),
    priority: taskFields.priority,
    status: f((t) => STATUS.spec(t.status), z.enum(STATUSES)),
    project_id: f('projectId', z.number()),
    section: f((t) => ({ id: t.section.id, title: t.section.title }), z.object({ id: z.number(), title: z.string() })),
    assignees: f(
      (t) => t.assignees.map((a) => ({ ...assigneeOut(a), kind: ASSIGNEE_KIND.spec(a.kind) })),
      z.array(restAssigneeSchema),
    ),
    labels: f((t) => t.labels.map(restLabel), z.array(restLabelSchema)),
    estimate: f('estimateMinutes', z.number().nullable().describe('Minutes.')),
    estimate_size: f('estimateSize', z.number().nullable().describe('Team manifest size: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL.')),
    due_date: f('dueDate', z.string().nullable()),
    images: f('images', z.array(z.string())),
    attachments: f('attachments', z.array(z.string())),
    parent_id: f('parentId', z.number().nullable().describe('Parent task (same project), for subtasks; null for top-level tasks.')),
    subtasks: f(
      (t) => t.subtasks.map((c) => ({ id: c.id, ticket_number: c.ticketNumber, title: c.title, status: STATUS.spec(c.status) })),
      z.array(restSubtaskSchema).describe('Subtasks (children) of every status, by number.'),
    ),
    created_by: f('createdBy', z.object({ id: z.number(), displayName: z.string() }).nullable()),
    comment_count: f('commentCount', z.number()),
    ...pick(taskFields, 'createdAt', 'updatedAt'),
    version: f(
      'version',
      z.number().describe('Grows by one with every change; the number before the dash of the task’s `ETag`, which `If-Match` on `PATCH` names.'),
    ),
  }),
);

/** Schema of `restTask`. */
export const restTaskSchema = restTask.schema;

/** `{success, task}`: the answer of every REST route that returns one task. */
export const oneTask = z.object({ success: z.literal(true), task: restTaskSchema });
