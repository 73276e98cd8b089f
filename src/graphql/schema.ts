import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './types/user.ts';
import './types/team.ts';
import './types/team-invite.ts';
import './types/project.ts';
import './types/section.ts';
import './types/label.ts';
import './types/api-key.ts';
import './types/member.ts';
import './types/board.ts';
import './types/task.ts';
import './types/task-mutations.ts';
import './types/task-position.ts';
import './types/task-activity.ts';
import './types/assignee.ts';
import './types/comment.ts';
import './types/notification.ts';
import './types/view.ts';
import './types/draft.ts';
import './types/live-event.ts';
import './types/task-event.ts';
import './types/board-event.ts';
import './types/inbox-event.ts';
import './types/webhook.ts';
import './types/session.ts';
import './types/sign-in.ts';
import './types/user-search.ts';
import './types/search.ts';
import './types/node.ts';

/** The executable schema: every type file above registers itself on the builder. */
export const schema = builder.toSchema();

/** SDL as committed in `schema.graphql`. */
export function printSchemaSDL(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
