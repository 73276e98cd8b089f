import { z } from 'zod';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { PRIORITY } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { pick, presenter } from '../presenter.ts';
import { taskFields } from './task.ts';

// Task drafts: the REST draft record (ours: the spec does not show it).

/** The REST draft: snake_case names. */
export const draftOut = presenter(
  graphql(`
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
  `),
  (f) => ({
    id: f('id', z.number()),
    project_id: f('projectId', z.number().nullable()),
    section_id: f('sectionId', z.number().nullable()),
    title: f('title', z.string()),
    description: f('description', z.string().describe('Sanitised HTML.')),
    priority: f((d) => PRIORITY.spec(d.priority), z.enum(PRIORITIES).nullable()),
    due_date: f('dueDate', z.string().nullable()),
    createdAt: f('createdAt', z.string()),
    updatedAt: f('updatedAt', z.string()),
  }),
);

/** Schema of `draftOut`. */
export const draftSchema = draftOut.schema;

/** The task a published draft became: the tool task's head in the draft's names, then where it landed. */
export const publishedTask = presenter(
  graphql(`
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
  `),
  (f) => ({
    ...pick(taskFields, 'id', 'ticket_number', 'title', 'description', 'priority'),
    project_id: f('projectId', z.number()),
    section: taskFields.section,
    section_id: f((t) => t.section.id, z.number()),
    due_date: f('dueDate', z.string().nullable()),
    createdAt: f('createdAt', z.string()),
  }),
);

/** Schema of `publishedTask`. */
export const publishedTaskSchema = publishedTask.schema;
