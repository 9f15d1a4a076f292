// The ArreglaYa guarantee (issue 49, decision 054): the public page /garantia, the claim's
// deadlines on the project page and in the console, the refusals, the mails.
import {
  CLAIM_AFTER_AUTO_APPROVAL_DAYS as AFTER,
  CLAIM_ANSWER_BUSINESS_DAYS as ANSWER,
  CLAIM_DECIDE_BUSINESS_DAYS as DECIDE,
  DELIVERY_REVIEW_DAYS as REVIEW,
} from '../guarantee.ts';

const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

export const guaranteeMeta = {
  title: 'Garantía ArreglaYa',
  description: `Tu dinero vuelve si el trabajo no se entrega o no es lo acordado: qué cubre la garantía, hasta qué monto, los plazos (${REVIEW} días para revisar, ${ANSWER} y ${DECIDE} días laborables) y cómo reclamar.`,
};

/** The public page /garantia: every number stated. */
export const guaranteePage = {
  title: 'Garantía ArreglaYa',
  intro:
    'Cuando pagas a través de ArreglaYa, el dinero no va directo al contratista: lo guardamos hasta que apruebas el trabajo. Si el trabajo no se entrega, o no es lo acordado, puedes reclamar y te devolvemos tu dinero.',
  coveredTitle: 'Qué cubre',
  covered: [
    'El dinero que pagaste a través de ArreglaYa por un proyecto y que todavía está retenido: vuelve a ti si el trabajo no se entrega o no es lo acordado.',
    'Hasta el monto completo que pagaste por la plataforma para ese proyecto (el anticipo y los pagos siguientes). El equipo puede decidir devolverlo todo, liberarlo todo al contratista o repartirlo.',
  ],
  notCoveredTitle: 'Qué no cubre',
  notCovered: [
    'El dinero entregado en efectivo o por transferencia directa al contratista, fuera de ArreglaYa.',
    'El dinero ya liberado al contratista: después de tu aprobación, o al terminar los plazos de abajo.',
  ],
  deadlinesTitle: 'Los plazos',
  deadlines: [
    `Revisión: cuando el contratista marca el trabajo como entregado, tienes ${days(REVIEW)} para aprobarlo o abrir un reclamo.`,
    `Aprobación automática: si en esos ${days(REVIEW)} nadie aprueba ni reclama, el trabajo se aprueba solo. Aun así puedes abrir un reclamo durante ${days(AFTER)} más: el dinero sigue retenido hasta que terminan, y entonces se libera.`,
    'Después de que tú apruebas el trabajo ya no se puede abrir un reclamo: el dinero se libera al contratista en ese momento.',
    `Respuesta: el contratista tiene ${days(ANSWER)} laborables para responder tu reclamo. Si no responde, el reclamo pasa al equipo marcado «Sin respuesta».`,
    `Decisión: el equipo de ArreglaYa decide dentro de ${days(DECIDE)} laborables contados desde que abres el reclamo.`,
    'Los días laborables son de lunes a viernes, sin contar los feriados de la República Dominicana. Cada plazo vence al final del día (hora de Santo Domingo), y la página del proyecto muestra la fecha y la hora de cada uno.',
  ],
  howTitle: 'Cómo abrir un reclamo',
  how: [
    'Entra en tu proyecto (Mi cuenta › Mis proyectos).',
    'Pulsa «Abrir reclamación» y cuenta qué pasó: qué no se hizo o qué no es lo acordado.',
    'El contratista recibe el aviso y responde en el mismo proyecto. Escríbele también por el chat: el equipo lee la conversación del proyecto para decidir.',
    'El equipo decide y les escribe a los dos. Si te da la razón, el dinero vuelve a tu tarjeta o a tu cuenta.',
  ],
  contact: '¿Dudas? Escríbenos desde la página de contacto.',
  contactLink: 'Contáctanos',
  help: 'Ver el centro de ayuda',
};

/** The short line where money is asked for (the funding step) and on receipts. */
export { guaranteeLinks } from './guarantee-links.ts';

/** The claim's panel on the project page, and the console's claim page. */
export const guarantee = {
  title: 'Garantía y reclamo',
  openedAt: 'Reclamo abierto',
  reason: 'Motivo',
  answerDueAt: 'Respuesta del contratista, a más tardar',
  answeredAt: 'Respondido',
  answerTitle: 'Respuesta del contratista',
  escalatedAt: 'Sin respuesta desde',
  unanswered: 'Sin respuesta',
  decideDueAt: 'Decisión del equipo, a más tardar',
  decidedAt: 'Decidido',
  late: 'Decisión atrasada',
  lateSince: (when: string) => `Decisión atrasada desde ${when}`,
  claimUntil: (when: string) => `Puedes abrir un reclamo hasta el ${when}.`,
  autoApproved: (when: string, until: string) => `El trabajo se aprobó automáticamente el ${when}. El pago sigue retenido y puedes abrir un reclamo hasta el ${until}.`,
  autoApprovalAt: (when: string) => `Si no apruebas ni reclamas, el trabajo se aprobará automáticamente el ${when}.`,
  pageLink: 'Qué cubre la garantía',
  answer: {
    label: 'Tu respuesta al reclamo',
    hint: 'Cuenta tu versión: qué hiciste y qué propones. El equipo la lee para decidir.',
    send: 'Enviar respuesta',
    edit: 'Cambiar la respuesta',
    sent: 'Respuesta enviada.',
    required: 'Escribe tu respuesta.',
    tooLong: 'La respuesta puede tener hasta 2,000 caracteres.',
  },
  refused: {
    /** After an automatic approval, past the window. */
    windowClosed: (closedAt: string) =>
      `El plazo para reclamar cerró el ${closedAt}: tras una aprobación automática se puede reclamar durante ${days(AFTER)}, y el pago ya se liberó o está por liberarse.`,
    /** After the client's own approval. */
    approved: (approvedAt: string) => `Aprobaste el trabajo el ${approvedAt}: la garantía permite reclamar hasta la aprobación, y el pago ya se liberó.`,
    notYourClaim: 'Solo el contratista del proyecto puede responder este reclamo.',
    noClaim: 'Este proyecto no tiene un reclamo abierto.',
    alreadyOpen: 'Este proyecto ya tiene un reclamo abierto.',
    decided: 'Este reclamo ya se decidió: no se puede cambiar la respuesta.',
  },
  mail: {
    answered: {
      subject: 'ArreglaYa - El contratista respondió tu reclamo',
      title: 'Respuesta a tu reclamo',
      intro: (title: string) => `El contratista respondió tu reclamo sobre «${title}». El equipo de ArreglaYa decidirá con las dos versiones.`,
    },
    autoApproved: {
      subject: 'ArreglaYa - Trabajo aprobado automáticamente',
      title: 'Trabajo aprobado automáticamente',
      client: (title: string, until: string) =>
        `Pasaron ${days(REVIEW)} desde la entrega de «${title}» sin aprobación ni reclamo: se aprobó automáticamente. El pago sigue retenido: si algo no está bien, puedes abrir un reclamo hasta el ${until}.`,
      contractor: (title: string, until: string) =>
        `Pasaron ${days(REVIEW)} desde la entrega de «${title}» sin aprobación ni reclamo: se aprobó automáticamente. El pago se libera el ${until}, salvo que el cliente abra un reclamo antes.`,
    },
  },
  console: {
    unansweredBadge: 'Sin respuesta',
    lateBadge: 'Decisión atrasada',
    lateCount: (n: string) => `${n} con la decisión atrasada`,
    unansweredCount: (n: string) => `${n} sin respuesta del contratista`,
    deadlines: 'Plazos',
  },
};
