import { CONTACT_MESSAGE_TYPE_LABELS } from '@arreglaya/shared/domain';
import { es, PRODUCT_NAME } from '@arreglaya/shared/i18n/es';
import type { Contact } from '@arreglaya/shared/schemas/contact';
import { findUserGreeting } from '../users/users.service.ts';
import { insertContactMessage } from './contact.repository.ts';
import { recordVisitorMessage, type Actor, type VisitorMessageDeps } from './visitor-message.ts';

export type ContactDeps = VisitorMessageDeps;
export type { Actor };

/**
 * The contact page (spec §7): store the message, mail it to the team (and an
 * acknowledgement to the sender), and write a log-trail entry — all or nothing.
 */
export async function sendContactMessage(deps: ContactDeps, form: Contact, actor: Actor): Promise<{ id: string }> {
  // A signed-in person writes as themselves (spec §5: name and e-mail prefilled and locked).
  const account = actor.userId ? await findUserGreeting(deps.db, actor.userId) : undefined;
  const input: Contact = account ? { ...form, firstName: account.firstName || form.firstName, email: account.email } : form;
  const typeLabel = CONTACT_MESSAGE_TYPE_LABELS[input.messageType];
  return recordVisitorMessage(
    deps,
    {
      insert: (tx) => insertContactMessage(tx, input, actor.userId),
      team: {
        subject: es.contact.emailSubject(PRODUCT_NAME, typeLabel),
        title: `Nuevo mensaje de contacto: ${typeLabel}`,
        lines: [`Nombre: ${input.firstName}`, `Correo: ${input.email}`, `Tipo: ${typeLabel}`, `Mensaje:\n${input.message}`],
        template: 'contact-team',
      },
      ack: { to: input.email, subject: `${PRODUCT_NAME} - Recibimos tu mensaje`, title: 'Recibimos tu mensaje', text: es.contact.emailAck(), template: 'contact-ack' },
      log: { action: 'contact', location: '/contactus', details: (id) => ({ contactId: id, messageType: input.messageType }) },
    },
    actor,
  );
}
