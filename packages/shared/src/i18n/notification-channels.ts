import { clipText, NOTIFICATION_ABOUT_MAX, type NotificationChannel, type NotificationType } from '../notification-channels.ts';

// Texts of the notifications on every channel (issue 32, decision 038): the preferences grid at
// /perfil/notificaciones, the short texts of a push, WhatsApp or SMS per type, the one-tap
// unsubscribe page and the console's deliveries. The WhatsApp template names are the type names.

export const notificationChannels = {
  channels: { inApp: 'En la app', email: 'Correo', push: 'Notificación push', whatsapp: 'WhatsApp', sms: 'SMS' } satisfies Record<NotificationChannel, string>,
  /** Each type as the preferences grid and the console name it. */
  types: {
    newOffer: 'Nueva oferta',
    counterOffer: 'Contraoferta',
    offerAccepted: 'Oferta aceptada',
    paymentDue: 'Instrucciones de pago',
    paymentHeld: 'Pago retenido',
    messageWhileAway: 'Mensaje mientras no estás',
    delivered: 'Trabajo entregado',
    approved: 'Trabajo aprobado',
    payoutSent: 'Pago enviado',
    payoutFailed: 'Pago devuelto a tu saldo',
    claimDecided: 'Reclamación decidida',
    newMatchingProject: 'Proyecto nuevo de tus servicios',
    specialOffer: 'Ofertas especiales',
  } satisfies Record<NotificationType, string>,
  /**
   * A push's title, an SMS's first line: what it is about, the project or the person ("ArreglaYa:
   * «Reparar la filtración del…»"; its text says what happened), else its type ("ArreglaYa: Pago enviado").
   */
  messageTitle: (type: NotificationType, about?: string) =>
    about?.trim() ? `ArreglaYa: «${clipText(about, NOTIFICATION_ABOUT_MAX)}»` : `ArreglaYa: ${notificationChannels.types[type]}`,
  /** The new-project alert's text on a phone. */
  newProjectBody: (title: string, place: string) => (place ? `${title}, en ${place}. Mira el proyecto y envía tu oferta.` : `${title}. Mira el proyecto y envía tu oferta.`),
  /** A chat message that reached nobody's open app. */
  /** What a message while away is about when its conversation has no project (WhatsApp's template names one). */
  awayNoProject: 'tu conversación en ArreglaYa',
  awayBody: (name: string, count: number, project: string | null) => {
    const about = project ? ` sobre «${project}»` : '';
    return count === 1 ? `${name} te escribió un mensaje${about}.` : `${name} te escribió ${count} mensajes${about}.`;
  },
  /** An SMS ends with the link and how to stop them. */
  smsFooter: 'Para no recibir más SMS, responde BAJA.',
  /** The preferences page's grid. */
  grid: {
    title: 'Cómo te avisamos',
    intro: 'Elige por dónde quieres enterarte de cada cosa. Los avisos en la app siempre llegan; el correo lo eliges arriba.',
    type: 'Aviso',
    always: 'Siempre',
    channelFor: (type: string, channel: string) => `${type} por ${channel}`,
    unavailable: { push: 'Activa las notificaciones en este teléfono', whatsapp: 'Verifica tu número', sms: 'Verifica tu número' },
    quietHours: 'Horas de silencio',
    quietHoursHelp: 'De 10:00 p. m. a 7:00 a. m. en tu país no te enviamos push, WhatsApp ni SMS, salvo los avisos urgentes de dinero.',
    channelsSlot: 'Activar canales en este teléfono',
    save: 'Guardar canales',
    saving: 'Guardando...',
    saved: 'Tus canales quedaron guardados.',
    loadFailed: 'No pudimos cargar tus canales. Inténtalo de nuevo.',
  },
  /** /api/notifications/unsubscribe: the link's page (GET, changes nothing), and its button's answer (POST). */
  unsubscribe: {
    askTitle: (channel: string) => `¿Dejar de recibir avisos por ${channel}?`,
    askText: (channel: string) => `Si confirmas, dejaremos de enviarte avisos por ${channel}. Podrás volver a activarlos cuando quieras en Mi perfil › Notificaciones.`,
    button: 'Darme de baja',
    title: 'Listo, no te enviaremos más',
    done: (channel: string) => `Desactivamos los avisos por ${channel}. Puedes volver a activarlos cuando quieras en Mi perfil › Notificaciones.`,
    invalid: 'Este enlace para darte de baja no es válido o está incompleto.',
    invalidTitle: 'Enlace no válido',
    settings: 'Ir a mis notificaciones',
    /** The notification e-mails' footer. */
    mailFooter: 'Para dejar de recibir estos correos:',
    mailLink: 'Darme de baja del correo',
  },
  /** Input errors of PUT /api/me/notification-channels. */
  errors: {
    unknownType: 'Ese tipo de aviso no existe.',
    unknownChannel: 'Ese canal no existe.',
  },
  /** The console's deliveries on a person's page. */
  admin: {
    title: 'Envíos de notificaciones',
    empty: 'Esta persona no tiene envíos por push, WhatsApp ni SMS.',
    type: 'Aviso',
    channel: 'Canal',
    state: 'Estado',
    reason: 'Motivo',
    attempts: 'Intentos',
    at: 'Fecha',
    more: 'Ver más',
    states: { queued: 'En cola', sent: 'Enviado', delivered: 'Entregado', read: 'Leído', failed: 'Falló' },
    loadFailed: 'No pudimos cargar los envíos.',
    /** A provider's reason the console explains (by its leading code); others are shown as the provider gave them. */
    reasonText(reason: string): string {
      if (/^131026\b/.test(reason)) return `Este número no puede recibir WhatsApp (${reason}): dejamos de enviarle por WhatsApp; el SMS sigue igual.`;
      return reason;
    },
  },
};
