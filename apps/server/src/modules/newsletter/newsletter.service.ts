import crypto from 'node:crypto';
import { PRODUCT_NAME } from '@arreglaya/shared/i18n/es';
import type { Db, DbOrTx } from '../../db/client.ts';
import { renderMail } from '../mail/layout.ts';
import { listUnsubscribeHeaders } from '../mail/list-unsubscribe.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mayMailTypedAddress } from '../mail/third-party.ts';
import { activateSubscription, deactivateSubscription, findSubscriptionEmail, setAccountNewsletterFlag } from './newsletter.repository.ts';

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The one rule between the newsletter subscription of an e-mail and the `newsletter`
 * notification flag of the account with that e-mail: they always change together, whichever
 * side changes (the footer form, the preferences page, the unsubscribe link in a mail).
 * Runs inside the caller's transaction; returns true when a welcome mail was queued
 * (a new or returning subscriber), so the caller kicks the mailer after commit.
 */
export async function setNewsletterSubscription(tx: DbOrTx, deps: Pick<NewsletterDeps, 'mailer' | 'appUrl'>, email: string, userId: string | null, on: boolean): Promise<boolean> {
  await setAccountNewsletterFlag(tx, email, on);
  if (!on) {
    await deactivateSubscription(tx, email);
    return false;
  }
  const sub = await activateSubscription(tx, email, crypto.randomBytes(24).toString('base64url'), userId);
  // The welcome goes to a typed address: only so many a day (decision 019).
  if (!sub || !(await mayMailTypedAddress(tx, email))) return false;
  const link = unsubscribeUrl(deps.appUrl, sub.unsubscribeToken);
  const mail = renderMail({
    title: '¡Bienvenido a nuestro boletín!',
    paragraphs: [
      `Gracias por suscribirte al boletín de ${PRODUCT_NAME}.`,
      'Te enviaremos consejos para el cuidado de tu hogar, novedades del servicio y ofertas de contratistas de confianza.',
    ],
    footer: `Si no quieres recibir más correos, date de baja con un clic: ${link}`,
  });
  await deps.mailer.queue(tx, { to: email, subject: `${PRODUCT_NAME} - Suscripción al boletín`, template: 'newsletter-welcome', ...mail, headers: listUnsubscribeHeaders(link) });
  return true;
}

/**
 * Footer sign-up. The answer is the same whether the address was new or not (no one
 * learns who subscribes); only a newly active subscriber gets the welcome mail.
 */
export async function subscribe(deps: NewsletterDeps, email: string, userId: string | null): Promise<void> {
  const queued = await deps.db.transaction((tx) => setNewsletterSubscription(tx, deps, email, userId, true));
  if (queued) deps.mailer.kick();
}

/** Whether an unsubscribe link's token belongs to a subscription (the page the link opens changes nothing). */
export async function isUnsubscribeToken(deps: NewsletterDeps, token: string): Promise<boolean> {
  return (await findSubscriptionEmail(deps.db, token)) !== undefined;
}

/** The button of the page the link in every newsletter mail opens, and RFC 8058 one-click; false when the token is unknown. */
export function unsubscribe(deps: NewsletterDeps, token: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const email = await findSubscriptionEmail(tx, token);
    if (email === undefined) return false;
    await setNewsletterSubscription(tx, deps, email, null, false);
    return true;
  });
}
