import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Watching a task (as GitHub's issue subscription): whether the caller
// watches it and who does.

/** The REST watch answer `{success, task_id, watching, watchers}`. */
export const watchOut = presenter(
  graphql(`
    fragment WatchFields on Task {
      id
      viewerIsWatching
      watchers {
        id
        displayName
      }
    }
  `),
  (f) => ({
    success: f(() => true as const, z.literal(true)),
    task_id: f('id', z.number()),
    watching: f('viewerIsWatching', z.boolean().describe('Whether you watch the task now.')),
    watchers: f(
      'watchers',
      z.array(z.object({ id: z.number(), displayName: z.string() })).describe('Everyone who watches it, in the order they started.'),
    ),
  }),
);

/** Schema of `watchOut`. */
export const watchSchema = watchOut.schema;
