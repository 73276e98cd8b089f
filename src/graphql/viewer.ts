import { type Viewer, requirePersonalSession, requireSessionViewer } from '../auth/viewer.ts';
import { UnauthenticatedError } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

/** The authenticated viewer; root fields are auth-scoped, so this only guards misuse. */
export function viewerOf(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

/** The viewer, who must have authenticated with a signed session (see {@link requireSessionViewer}). */
export function sessionViewerOf(ctx: GraphQLContext): Viewer {
  const viewer = viewerOf(ctx);
  requireSessionViewer(viewer);
  return viewer;
}

/** The viewer, signed in personally (password or invite), not through a session made from a key. */
export function personalViewerOf(ctx: GraphQLContext): Viewer {
  const viewer = viewerOf(ctx);
  requirePersonalSession(viewer);
  return viewer;
}
