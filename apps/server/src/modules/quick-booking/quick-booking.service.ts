import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { quickBooking as t } from '@arreglaya/shared/i18n/site-forms';
import type { QuickBooking } from '@arreglaya/shared/schemas/quick-booking';
import { recordVisitorMessage, type Actor, type VisitorMessageDeps } from '../contact/visitor-message.ts';
import { insertQuickBooking } from './quick-booking.repository.ts';

export type QuickBookingDeps = VisitorMessageDeps;

/**
 * The landing's quick booking: a contact record of kind quick_booking (the spec's tipoDeContacto
 * 'Cliente'), the request mailed to the team and an acknowledgement to the person, one log entry.
 */
export async function createQuickBooking(deps: QuickBookingDeps, input: QuickBooking, actor: Actor): Promise<{ id: string }> {
  const service = SERVICE_LABELS[input.tipoDeServicios];
  return recordVisitorMessage(
    deps,
    {
      insert: (tx) => insertQuickBooking(tx, input, actor.userId),
      team: {
        subject: t.teamSubject(service),
        title: `Nueva reserva rápida: ${service}`,
        lines: [
          `Nombre: ${input.nombre} ${input.apellido}`,
          `Teléfono: ${input.telefono}`,
          `Correo: ${input.correo}`,
          `Servicio: ${service}`,
          `Comentarios:\n${input.comentarios}`,
        ],
        template: 'quick-booking-team',
      },
      ack: { to: input.correo, subject: t.ackSubject, title: t.ackTitle, text: t.ack(service), template: 'quick-booking-ack' },
      log: { action: 'quick_booking', location: '/', details: (id) => ({ contactId: id, service: input.tipoDeServicios }) },
    },
    actor,
  );
}
