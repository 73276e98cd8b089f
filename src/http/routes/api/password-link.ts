import type { Hono } from 'hono';
import { createFirstOwner } from '../../../domain/first-owner.ts';
import { usePasswordLink } from '../../../domain/password-link.ts';
import type { Services } from '../../../services.ts';
import { SETUP_PATH, SET_PASSWORD_PATH } from '../../auth-middleware.ts';
import type { AppEnv } from '../../env.ts';
import type { OriginPolicy } from '../../origin.ts';
import { clientIp } from '../../rate-limit.ts';
import { type StartSession, answer, readJson, refuseForeignSignIn } from './session.ts';

/**
 * `POST /api/auth/set-password` `{token, password}` (public): a person
 * uses the single-use link an operator made (`tasksvc users password-link`)
 * to set their password, and is signed in. A plain Hono handler, like the
 * other sign-in routes (./session.ts), because it sets the session cookies;
 * it answers what `POST /api/auth/login` answers (session method
 * `password`). The rules (single use, expiry, every earlier session ended,
 * the one `invalid_link` error on `token`, throttling per IP) are in
 * src/domain/password-link.ts. A foreign `Origin` is 403 `csrf`.
 *
 * `POST /api/auth/setup` `{token, email, displayName, password, teamTitle?}`
 * (public) is the first run's counterpart: the setup link `tasksvc serve`
 * prints while no account has a password makes the first owner (an account
 * and its team) and signs them in, with the same answer (rules in
 * src/domain/first-owner.ts).
 */
export function mountPasswordLinkRoutes(app: Hono<AppEnv>, services: Services, origins: OriginPolicy, startSession: StartSession) {
  const db = services.database.prisma;
  app.post(SET_PASSWORD_PATH, async (c) =>
    answer(c, async () => {
      refuseForeignSignIn(c, origins);
      const user = await usePasswordLink(db, await readJson(c), clientIp(c, services.config.TRUST_PROXY));
      return startSession(c, user.id, 'password', null);
    }),
  );
  app.post(SETUP_PATH, async (c) =>
    answer(c, async () => {
      refuseForeignSignIn(c, origins);
      const user = await createFirstOwner(db, services.sessionKey.current, await readJson(c), clientIp(c, services.config.TRUST_PROXY));
      return startSession(c, user.id, 'password', null);
    }),
  );
}
