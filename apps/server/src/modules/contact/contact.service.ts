import { CONTACT_MESSAGE_TYPE_LABELS } from '@arreglaya/shared/domain';
import { es, PRODUCT_NAME } from '@arreglaya/shared/i18n/es';
import type { Contact } from '@arreglaya/shared/schemas/contact';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { insertLogEntry } from '../log-trail/log-trail.repository.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insertContactMessage } from './contact.repository.ts';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  teamInbox: string;
}

export interface Actor {
  userId: string | null;
  sessionId: string | null;
}

/**
 * The contact page (spec §7): store the message, mail it to the team (and an
 * acknowledgement to the sender), and write a log-trail entry — all or nothing.
 */
export async function sendContactMessage(deps: ContactDeps, form: Contact, actor: Actor): Promise<{ id: string }> {
  // A signed-in person writes as themselves (spec §5: name and e-mail prefilled and locked).
  const account = actor.userId ? await deps.db.query.users.findFirst({ where: eq(users.id, actor.userId), columns: { firstName: true, email: true } }) : undefined;
  const input: Contact = account ? { ...form, firstName: account.firstName || form.firstName, email: account.email } : form;
  const typeLabel = CONTACT_MESSAGE_TYPE_LABELS[input.messageType];
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, input, actor.userId);
    const team = renderMail({
      title: `Nuevo mensaje de contacto: ${typeLabel}`,
      paragraphs: [`Nombre: ${input.firstName}`, `Correo: ${input.email}`, `Tipo: ${typeLabel}`, `Mensaje:\n${input.message}`],
      footer: `Referencia: ${id}`,
    });
    await deps.mailer.queue(tx, {
      to: deps.teamInbox,
      subject: es.contact.emailSubject(PRODUCT_NAME, typeLabel),
      template: 'contact-team',
      ...team,
    });
    const ack = renderMail({ title: 'Recibimos tu mensaje', paragraphs: [es.contact.emailAck(input.firstName)] });
    await deps.mailer.queue(tx, {
      to: input.email,
      subject: `${PRODUCT_NAME} - Recibimos tu mensaje`,
      template: 'contact-ack',
      ...ack,
    });
    await insertLogEntry(tx, {
      userId: actor.userId,
      sessionId: actor.sessionId,
      action: 'contact',
      location: '/contactus',
      details: { contactId: id, messageType: input.messageType },
    });
    return id;
  });
  deps.mailer.kick();
  return { id };
}
