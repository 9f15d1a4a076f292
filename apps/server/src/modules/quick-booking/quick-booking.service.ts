import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { quickBooking as t } from '@arreglaya/shared/i18n/site-forms';
import type { QuickBooking } from '@arreglaya/shared/schemas/quick-booking';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../contact/contact.service.ts';
import { insertLogEntry } from '../log-trail/log-trail.repository.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insertQuickBooking } from './quick-booking.repository.ts';

export interface QuickBookingDeps {
  db: Db;
  mailer: Mailer;
  teamInbox: string;
}

/**
 * The landing's quick booking: a contact record of kind quick_booking (the spec's tipoDeContacto
 * 'Cliente'), the request mailed to the team and an acknowledgement to the person, one log entry.
 */
export async function createQuickBooking(deps: QuickBookingDeps, input: QuickBooking, actor: Actor): Promise<{ id: string }> {
  const service = SERVICE_LABELS[input.tipoDeServicios];
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertQuickBooking(tx, input, actor.userId);
    const team = renderMail({
      title: `Nueva reserva rápida: ${service}`,
      paragraphs: [
        `Nombre: ${input.nombre} ${input.apellido}`,
        `Teléfono: ${input.telefono}`,
        `Correo: ${input.correo}`,
        `Servicio: ${service}`,
        `Comentarios:\n${input.comentarios}`,
      ],
      footer: `Referencia: ${id}`,
    });
    await deps.mailer.queue(tx, { to: deps.teamInbox, subject: t.teamSubject(service), template: 'quick-booking-team', ...team });
    const ack = renderMail({ title: t.ackTitle, paragraphs: [t.ack(input.nombre, service)] });
    await deps.mailer.queue(tx, { to: input.correo, subject: t.ackSubject, template: 'quick-booking-ack', ...ack });
    await insertLogEntry(tx, {
      userId: actor.userId,
      sessionId: actor.sessionId,
      action: 'quick_booking',
      location: '/',
      details: { contactId: id, service: input.tipoDeServicios },
    });
    return id;
  });
  deps.mailer.kick();
  return { id };
}
