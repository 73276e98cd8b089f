import { checkContentType, type ContentType } from '../../../content/render.ts';
import { CONTENT_TYPE } from '../../../graphql/enum-names.ts';

/**
 * The GraphQL `ContentType` of a route's `content_type` (the spec's `html`,
 * `markdown`). Anything else is refused here with the domain's own error
 * (VALIDATION on `contentType`, the same message), since GraphQL would refuse
 * a name outside its enum with an error of its own. `check` is the domain's
 * check of the operation (drafts word it as their other fields).
 */
export function contentTypeName<T extends null | undefined>(value: string | T, check: (v: string | T) => void = checkContentType) {
  check(value);
  return CONTENT_TYPE.name(value as ContentType | T);
}
