import type { Viewer } from '../auth/viewer.ts';
import { UnauthenticatedError } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

/** The authenticated viewer; root fields are auth-scoped, so this only guards misuse. */
export function viewerOf(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}
