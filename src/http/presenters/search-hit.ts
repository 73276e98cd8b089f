import { z } from 'zod';
import { PRIORITIES } from '../../domain/task/fields.ts';

/** What the search document returns. */
export interface SearchData {
  searchTasks: {
    total: number;
    items: {
      id: number;
      ticketNumber: string;
      title: string;
      section: string;
      priority: string | null;
      score: number;
    }[];
  };
}

/** Spec 4.1 search hit: `{id, ticket_number, title, section, priority, score}`. */
export function searchHits(data: SearchData) {
  return data.searchTasks.items.map((hit) => ({
    id: hit.id,
    ticket_number: hit.ticketNumber,
    title: hit.title,
    section: hit.section,
    priority: hit.priority,
    score: hit.score,
  }));
}

/** Schema of one hit. */
export const searchHitSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  section: z.string().describe('Section name.'),
  priority: z.enum(PRIORITIES).nullable(),
  score: z.number().min(0).max(1).describe('Relevance from 0 to 1, higher is better.'),
});
