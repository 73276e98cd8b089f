import { z } from 'zod';
import { PRIORITIES } from '../../domain/task/fields.ts';
import { PRIORITY } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

/** Spec 4.1 search hit: `{id, ticket_number, title, section, priority, score}`. */
export const searchHit = presenter(
  graphql(`
    fragment SearchHitFields on SearchResult {
      id
      ticketNumber
      title
      section
      priority
      score
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    ticket_number: f('ticketNumber', z.string()),
    title: f('title', z.string()),
    section: f('section', z.string().describe('Section name.')),
    priority: f((hit) => PRIORITY.spec(hit.priority), z.enum(PRIORITIES).nullable()),
    score: f('score', z.number().min(0).max(1).describe('Relevance from 0 to 1, higher is better.')),
  }),
);

/** Schema of `searchHit`. */
export const searchHitSchema = searchHit.schema;
