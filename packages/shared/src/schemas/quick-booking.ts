import { z } from 'zod';
import { SERVICE_TYPES } from '../domain.ts';
import { choice, emailField, requiredText } from './common.ts';
import { phoneField } from './public-forms-common.ts';

export const QUICK_BOOKING_COMMENTS_MAX = 1000;

/** The landing's quick booking (spec §3 contact-us quick booking, §5 rules). Field names are the spec's. */
export const QuickBookingSchema = z.object({
  nombre: requiredText(100),
  apellido: requiredText(100),
  telefono: phoneField(),
  correo: emailField(),
  tipoDeServicios: choice(SERVICE_TYPES),
  comentarios: requiredText(QUICK_BOOKING_COMMENTS_MAX, { multiline: true }),
});
export type QuickBookingInput = z.input<typeof QuickBookingSchema>;
export type QuickBooking = z.output<typeof QuickBookingSchema>;
