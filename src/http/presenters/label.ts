import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { LabelFieldsFragment } from '../gql/graphql.ts';

// Labels (spec 2.3a): the REST label carries its id as a string; the tool
// manifest answer keeps the number.

/** The GraphQL selection of a label on every route. */
export const LABEL_FIELDS = graphql(`
  fragment LabelFields on Label {
    id
    name
  }
`);

/** The REST label (spec 2.3a): `{id (string), name}`. */
export function restLabel(l: LabelFieldsFragment) {
  return { id: String(l.id), name: l.name };
}

/** Schema of `restLabel`. */
export const restLabelSchema = z.object({ id: z.string().describe('Label id (a string of digits).'), name: z.string() });

/** Schema of a label as GraphQL returns it (`{id, name}`, the tool shape). */
export const toolLabelSchema = z.object({ id: z.number(), name: z.string() });
