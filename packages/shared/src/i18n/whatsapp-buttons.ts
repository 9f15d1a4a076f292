import type { NotificationType } from '../notification-channels.ts';

// Buttons on WhatsApp notices (issue 50 item 2, decision 062): what each button says (at most 20
// characters, Meta's limit), which notices carry which, and the Spanish answers to a press.

/** What a button may do: nothing here moves money (a money notice carries a one-time link instead). */
export const BUTTON_ACTIONS = ['acceptOffer', 'declineOffer', 'onMyWay', 'arrived', 'reply'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** Meta's limits on reply buttons (interactive messages and a template's quick replies). */
export const WHATSAPP_BUTTON_LIMITS = { buttons: 3, title: 20, id: 256 } as const;

export const BUTTON_TITLES: Record<ButtonAction, string> = {
  acceptOffer: 'Aceptar',
  declineOffer: 'Rechazar',
  onMyWay: 'Voy en camino',
  arrived: 'Llegué',
  reply: 'Responder',
};

/**
 * The buttons of each notice, in order (a template's quick replies are approved with it, so they
 * are the same whether it goes as a template or, inside the 24-hour window, as an interactive
 * message). A notice about money to release or refund (`delivered`) has none: it carries a
 * one-time link to the signed-in page (MONEY_LINK_TYPES).
 */
export const NOTICE_BUTTONS: Partial<Record<NotificationType, readonly ButtonAction[]>> = {
  newOffer: ['acceptOffer', 'declineOffer', 'reply'],
  offerAccepted: ['onMyWay', 'arrived', 'reply'],
  counterOffer: ['reply'],
  paymentHeld: ['reply'],
  messageWhileAway: ['reply'],
  approved: ['reply'],
  claimDecided: ['reply'],
};

/** Notices about approving delivered work, a release, a refund or a funded hire's cancellation: their link is a one-time link. */
export const MONEY_LINK_TYPES: readonly NotificationType[] = ['delivered'];

export const whatsappButtons = {
  /** What "Voy en camino" writes in the project's conversation, as the contractor. */
  onMyWayMessage: 'Voy en camino.',
  answers: {
    accepted: (url: string) => `ArreglaYa: aceptaste la oferta. El siguiente paso es pagar para empezar, desde la página del proyecto: ${url}`,
    declined: 'ArreglaYa: rechazaste la oferta. Le avisamos al técnico.',
    onMyWay: 'ArreglaYa: le avisamos al cliente que vas en camino.',
    arrived: 'ArreglaYa: anotamos tu llegada y le avisamos al cliente.',
    reply: 'ArreglaYa: escribe tu respuesta y la enviamos a esa conversación.',
    /** The service refused (a stale offer, before the start day…): its own Spanish reason. */
    refused: (reason: string) => `ArreglaYa: no pudimos hacerlo. ${reason}`,
    used: 'ArreglaYa: ya usaste este botón. Revisa el estado en la web.',
    expired: 'ArreglaYa: este botón ya no es válido. Entra en ArreglaYa para ver el estado actual.',
    notYours: 'ArreglaYa: este botón no es para este número, así que no hicimos nada.',
  },
  link: {
    pageTitle: 'Enlace de ArreglaYa',
    gone: 'Este enlace ya se usó o venció. Entra en ArreglaYa para ver el proyecto.',
    otherAccount: 'Este enlace es para otra cuenta. Cierra la sesión y entra con la cuenta que recibió el aviso.',
    open: 'Ir a ArreglaYa',
  },
};
