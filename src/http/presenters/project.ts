import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';

// Projects (boards): the REST project of spec 2.2 and the tool list item.

/** A project as the REST project routes receive it. */
export interface ProjectNode {
  id: number;
  title: string;
  status: string;
  createdAt: string;
  description: string;
  memberCount: number;
  taskCount: number;
  sections: { id: number; title: string }[];
  labels: { id: number; name: string }[];
}

/** The GraphQL selection of a REST project (spec 2.2). */
export const PROJECT_FIELDS = 'id title status createdAt description memberCount taskCount sections { id title } labels { id name }';

/** The REST project shape (spec 2.2): label ids as strings, sections as `{id, section_title}`. */
export function projectOut(p: ProjectNode) {
  return {
    id: p.id,
    title: p.title,
    status: p.status,
    createdAt: p.createdAt,
    description: p.description,
    memberCount: p.memberCount,
    taskCount: p.taskCount,
    sections: p.sections.map((s) => ({ id: s.id, section_title: s.title })),
    labels: p.labels.map((l) => ({ id: String(l.id), name: l.name })),
  };
}

/** Schema of `projectOut`. */
export const restProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(STATUSES),
  createdAt: z.string(),
  description: z.string(),
  memberCount: z.number(),
  taskCount: z.number(),
  sections: z.array(z.object({ id: z.number(), section_title: z.string() })),
  labels: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The tool project list item (spec 4.1): `{id, title, status, createdAt}`, as GraphQL returns it. */
export const toolProjectSchema = z.object({ id: z.number(), title: z.string(), status: z.enum(STATUSES), createdAt: z.string() });
