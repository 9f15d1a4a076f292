import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { DataCipher } from '../lib/data-encryption.ts';
import { contactRoutes } from '../modules/contact/contact.routes.ts';
import { contractorContactRoutes } from '../modules/contractor-contact/contractor-contact.routes.ts';
import { favouritesRoutes } from '../modules/favourites/favourites.routes.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { newsletterRoutes } from '../modules/newsletter/newsletter.routes.ts';
import { quickBookingRoutes } from '../modules/quick-booking/quick-booking.routes.ts';
import { referralRoutes } from '../modules/referral/referral.routes.ts';
import { serviceCountsRoutes } from '../modules/services/service-counts.routes.ts';
import { storeApplicationRoutes } from '../modules/store-partners/store-application.routes.ts';
import { visitRoutes } from '../modules/visits/visits.routes.ts';

export interface SiteRoutesDeps {
  db: Db;
  mailer: Mailer;
  cipher: DataCipher;
  appUrl: string;
  /** TEAM_INBOX: where the forms meant for the team go. */
  teamInbox: string;
  /** How long an instance keeps the services' counts (config.figuresTtlMs, decision 076). */
  figuresTtlMs?: number;
}

/**
 * The public site's forms and counters: contact, newsletter, quick booking, referral, the store
 * partners' application, the services' counts, visits, favourites and contacting a contractor.
 */
export async function registerSiteRoutes(app: FastifyInstance, deps: SiteRoutesDeps): Promise<void> {
  const { db, mailer, cipher, appUrl, teamInbox } = deps;
  await app.register(contactRoutes({ db, mailer, teamInbox }));
  await app.register(newsletterRoutes({ db, mailer, appUrl }));
  await app.register(quickBookingRoutes({ db, mailer, teamInbox }));
  await app.register(referralRoutes({ db, mailer, appUrl }));
  await app.register(storeApplicationRoutes({ db, mailer, teamInbox, cipher }));
  await app.register(serviceCountsRoutes(db, deps.figuresTtlMs));
  await app.register(visitRoutes(db));
  await app.register(favouritesRoutes(db));
  await app.register(contractorContactRoutes({ db, mailer, appUrl }));
}
