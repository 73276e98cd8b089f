import { builder } from '../builder.ts';

/** GraphQL form of a task reference; see `resolveTaskRef` for the rules. */
export const TaskRefInput = builder.inputType('TaskRefInput', {
  description:
    'Identifies a task, exactly one form: `taskId`; or `ticketNumber` (with `projectId` when the number ' +
    'exists in several of your projects); or `projectId` + `uniqueIndex`.',
  fields: (t) => ({
    taskId: t.int({ description: 'Internal task id.' }),
    ticketNumber: t.string({ description: 'Ticket number such as `ABC-12`.' }),
    projectId: t.int({ description: 'Project id: disambiguates a ticket number, or scopes `uniqueIndex`.' }),
    uniqueIndex: t.int({ description: 'Index of the task within its project (needs `projectId`).' }),
  }),
});
