import { builder } from '../builder.ts';
import { CONTENT_TYPE, enumValues } from '../enum-names.ts';

/** The markup a text is written in: the `contentType` of task descriptions, drafts and comments. */
export const ContentTypeEnum = builder.enumType('ContentType', {
  description: 'The markup of a text you send (REST and tool routes: `html`, `markdown`).',
  values: enumValues(CONTENT_TYPE, {
    html: 'HTML, sanitised (the default).',
    markdown:
      'Markdown (GFM), converted to sanitised HTML on write: images become links, raw HTML is shown as text. ' +
      'Content too complex to render within the time budget (pathological nesting or emphasis) is a VALIDATION ' +
      'error `too_complex` on the field.',
  }),
});
