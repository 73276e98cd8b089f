import { z } from 'zod';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { PRIORITY } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { SearchHitFieldsFragment } from '../gql/graphql.ts';

/** The GraphQL selection of a search hit. */
export const SEARCH_HIT_FIELDS = graphql(`
  fragment SearchHitFields on SearchResult {
    id
    ticketNumber
    title
    section
    priority
    score
  }
`);

/** Spec 4.1 search hit: `{id, ticket_number, title, section, priority, score}`. */
export function searchHit(hit: SearchHitFieldsFragment) {
  return {
    id: hit.id,
    ticket_number: hit.ticketNumber,
    title: hit.title,
    section: hit.section,
    priority: PRIORITY.spec(hit.priority ?? null),
    score: hit.score,
  };
}

/** Schema of `searchHit`. */
export const searchHitSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  section: z.string().describe('Section name.'),
  priority: z.enum(PRIORITIES).nullable(),
  score: z.number().min(0).max(1).describe('Relevance from 0 to 1, higher is better.'),
});
