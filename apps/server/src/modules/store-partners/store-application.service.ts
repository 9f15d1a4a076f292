import { formatCedula } from '@arreglaya/shared/cedula';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { BANK_ACCOUNT_TYPE_LABELS, storeForm as t } from '@arreglaya/shared/i18n/site-forms';
import type { StoreApplication } from '@arreglaya/shared/schemas/store-application';
import type { Db } from '../../db/client.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import type { Actor } from '../contact/contact.service.ts';
import { insertLogEntry } from '../log-trail/log-trail.repository.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insertStoreApplication } from './store-application.repository.ts';

export interface StoreApplicationDeps {
  db: Db;
  mailer: Mailer;
  teamInbox: string;
  cipher: DataCipher;
}

/**
 * A hardware store applies to be a partner. The bank account number is sealed (AES-256-GCM)
 * before it reaches the database and never leaves it whole: mails and logs carry the last 4.
 */
export async function applyAsStore(deps: StoreApplicationDeps, input: StoreApplication, actor: Actor): Promise<{ id: string }> {
  const { accountNumber, ...rest } = input;
  const last4 = accountNumber.slice(-4);
  const sealed = deps.cipher.seal(accountNumber);
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertStoreApplication(tx, rest, { sealed, last4 }, actor.userId);
    const name = `${input.firstName} ${input.lastName}`;
    const team = renderMail({
      title: `Nueva solicitud de ferretería: ${name}`,
      paragraphs: [
        `Nombre: ${name}`,
        `Cédula: ${formatCedula(input.cedula)}`,
        `Dirección: ${input.address}`,
        `Teléfono: ${input.phone}`,
        `Correo: ${input.email}`,
        `Servicios: ${input.serviceTypes.map((s) => SERVICE_LABELS[s]).join(', ')}`,
        `Banco: ${input.bank} (${BANK_ACCOUNT_TYPE_LABELS[input.accountType]}), cuenta terminada en ${last4}`,
        ...(input.comments ? [`Comentarios:\n${input.comments}`] : []),
      ],
      footer: `Referencia: ${id}`,
    });
    await deps.mailer.queue(tx, { to: deps.teamInbox, subject: t.teamSubject(name), template: 'store-application-team', ...team });
    const ack = renderMail({ title: t.ackTitle, paragraphs: [t.ack(input.firstName, last4)] });
    await deps.mailer.queue(tx, { to: input.email, subject: t.ackSubject, template: 'store-application-ack', ...ack });
    await insertLogEntry(tx, {
      userId: actor.userId,
      sessionId: actor.sessionId,
      action: 'store_application',
      location: '/comoferreterias',
      details: { contactId: id },
    });
    return id;
  });
  deps.mailer.kick();
  return { id };
}
