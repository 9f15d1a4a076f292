// Reporting a profile or a message (the button and its form), apart from the console's catalogue:
// the button is on every contractor's page, whose first load must not carry the console's texts
// (decision 070). admin-ops.ts re-exports it.
import type { ReportReason } from '../domain.ts';

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam o publicidad',
  offensive: 'Lenguaje ofensivo o acoso',
  fraud: 'Posible estafa',
  contact_outside: 'Pide tratar fuera de ArreglaYa',
  other: 'Otro motivo',
};

export const reports = {
  button: 'Reportar',
  title: 'Reportar este perfil',
  messageTitle: 'Reportar este mensaje',
  reason: 'Motivo',
  details: 'Detalles (opcional)',
  submit: 'Enviar reporte',
  cancel: 'Cancelar',
  sent: 'Gracias. Nuestro equipo revisará tu reporte.',
  duplicate: 'Ya reportaste esto; nuestro equipo lo está revisando.',
  notYours: 'Solo puedes reportar mensajes de tus conversaciones.',
  self: 'No puedes reportarte a ti mismo.',
  signIn: 'Inicia sesión para reportar.',
} as const;
