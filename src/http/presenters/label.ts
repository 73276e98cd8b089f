import { z } from 'zod';
import { LABEL_FIELD_DESCRIPTIONS as D } from '../../domain/label.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Labels (spec 2.3a): the REST label carries its id as a string; the tool
// manifest answer keeps the number (the label as GraphQL returns it).

/** A label as GraphQL returns it (`{id, name}`, the tool shape): the selection of a label on every route. */
export const toolLabel = presenter(
  graphql(`
    fragment LabelFields on Label {
      id
      name
    }
  `),
  (f) => ({ id: f('id', z.number()), name: f('name', z.string().describe(D.name)) }),
);

/** Schema of a label as GraphQL returns it (`{id, name}`, the tool shape). */
export const toolLabelSchema = toolLabel.schema;

/** The REST label (spec 2.3a): `{id (string), name}`. */
export const restLabel = presenter(toolLabel.document, (f) => ({
  id: f((l) => String(l.id), z.string().describe('Label id (a string of digits).')),
  name: toolLabel.fields.name,
}));

/** Schema of `restLabel`. */
export const restLabelSchema = restLabel.schema;
