import type { FastifyInstance } from 'fastify';
import { adminContactRoutes } from '../modules/admin/admin-contact.routes.ts';
import type { AdminConsoleDeps } from '../modules/admin/admin-console.service.ts';
import { adminPeopleRoutes } from '../modules/admin/admin-people.routes.ts';
import { adminClaimsRoutes } from '../modules/admin-claims/admin-claims.routes.ts';
import { adminInboxRoutes } from '../modules/admin-inbox/admin-inbox.routes.ts';
import type { AuthServiceDeps } from '../modules/auth/auth.service.ts';
import { logTrailRoutes } from '../modules/log-trail/log-trail.routes.ts';
import { moderationRoutes } from '../modules/moderation/moderation.routes.ts';

/** The sysadmin console's pages (decision 025): people, contact requests, and the operations pages of issue 16. */
export async function registerConsoleRoutes(app: FastifyInstance, deps: AdminConsoleDeps & { auth: AuthServiceDeps }): Promise<void> {
  const { db, mailer, cipher } = deps;
  await app.register(adminContactRoutes(db));
  await app.register(adminPeopleRoutes(deps));
  // The console's operations pages (issue 16): claims, inboxes, moderation and reports, the log trail.
  await app.register(adminClaimsRoutes(db));
  await app.register(adminInboxRoutes({ db, mailer, cipher }));
  await app.register(moderationRoutes(db));
  await app.register(logTrailRoutes(db));
}
