import type { Hono } from 'hono';
import { acceptTeamInvite } from '../../../domain/team-invite.ts';
import type { Services } from '../../../services.ts';
import { INVITE_ACCEPT_PATH } from '../../auth-middleware.ts';
import type { AppEnv } from '../../env.ts';
import type { OriginPolicy } from '../../origin.ts';
import { clientIp } from '../../rate-limit.ts';
import { type StartSession, answer, readJson, refuseForeignSignIn } from './session.ts';

/**
 * `POST /api/auth/invite/accept` `{token, displayName?, password?}`
 * (public): a person accepts a team invite and is signed in. Someone who
 * already has the invited account proves it with its password or by
 * sending the request with a session they signed in to as that account
 * (its cookies); a new person sends a name and a password. A plain Hono
 * handler, like the other sign-in routes (./session.ts), because it sets
 * the session cookies; it answers exactly what `POST /api/auth/login`
 * answers (`{success, user, expiresAt}` and the same cookies, session
 * method `invite`). The rules (who gets an account, the proof an existing
 * account needs, the one `invalid_credentials` answer, the one
 * `invalid_invite` error on `token`, throttling per IP) are in
 * src/domain/team-invite.ts. A request from a foreign `Origin` is refused
 * like a foreign sign-in (403 `csrf`).
 */
export function mountInviteRoutes(app: Hono<AppEnv>, services: Services, origins: OriginPolicy, startSession: StartSession) {
  const db = services.database.prisma;
  app.post(INVITE_ACCEPT_PATH, async (c) =>
    answer(c, async () => {
      refuseForeignSignIn(c, origins);
      const viewer = c.get('viewer');
      // Only a session the person signed in to proves who they are; a key, or a session made from one, does not.
      const sessionUserId = viewer?.via === 'session' && viewer.sessionKeyId == null ? viewer.userId : null;
      const user = await acceptTeamInvite(db, await readJson(c), clientIp(c, services.config.TRUST_PROXY), sessionUserId);
      return startSession(c, user.id, 'invite', null);
    }),
  );
}
