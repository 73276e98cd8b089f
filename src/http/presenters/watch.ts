import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { WatchFieldsFragment } from '../gql/graphql.ts';

// Watching a task (as GitHub's issue subscription): whether the caller
// watches it and who does.

/** The GraphQL selection of a task's watch state. */
export const WATCH_FIELDS = graphql(`
  fragment WatchFields on Task {
    id
    viewerIsWatching
    watchers {
      id
      displayName
    }
  }
`);

/** The REST watch answer `{success, task_id, watching, watchers}`. */
export function watchOut(t: WatchFieldsFragment) {
  return { success: true as const, task_id: t.id, watching: t.viewerIsWatching, watchers: t.watchers };
}

/** Schema of `watchOut`. */
export const watchSchema = z.object({
  success: z.literal(true),
  task_id: z.number(),
  watching: z.boolean().describe('Whether you watch the task now.'),
  watchers: z
    .array(z.object({ id: z.number(), displayName: z.string() }))
    .describe('Everyone who watches it, in the order they started.'),
});
