import { showUpRecord } from './show-up-record.ts';
// A record of who shows up (issue 49 part 4, decision 057): "Llegué" and its confirmation, a
// late cancellation or a no-show refunding the client, the pause after three in 90 days, and
// the record on the contractor's public page.

export const showUp = {
  /** Refusals of the lifecycle table's new moves (409), merged into the projects' own. */
  refused: {
    arrive: 'Solo puedes marcar tu llegada a un trabajo que te asignaron y que aún no entregaste.',
    answer_arrival: 'Este trabajo ya no espera tu respuesta sobre la llegada.',
    step_back: 'Solo puedes retirarte de un trabajo asignado que aún no empezó.',
    report_no_show: 'Solo puedes avisar que el contratista no llegó en un trabajo asignado que aún no empezó.',
  },
  beforeStartDay: (day: string) => `Todavía no puedes marcar tu llegada: el trabajo empieza el ${day}.`,
  alreadyMarked: 'Ya marcaste tu llegada a este trabajo.',
  nothingToAnswer: 'El contratista todavía no marcó su llegada.',
  alreadyAnswered: 'Ya respondiste sobre la llegada del contratista.',
  noShowTooEarly: (day: string) => `Podrás avisar que no llegó cuando termine el día de inicio (${day}).`,
  noShowNotFunded: 'No hay dinero retenido para este trabajo: puedes cancelar la contratación.',
  stepBackNotFunded: 'No hay dinero retenido para este trabajo.',
  paused: 'Tu cuenta está en pausa por cancelaciones tardías o ausencias. Escríbenos para revisarla.',
  notPaused: 'Esta cuenta no está en pausa.',
  notContractor: 'Esta cuenta no es de un contratista.',

  /** Answers of the routes. */
  marked: 'Marcaste tu llegada. Avisamos al cliente para que la confirme.',
  confirmed: 'Confirmaste la llegada del contratista.',
  denied: 'Anotamos que el contratista no llegó. Si necesitas, puedes abrir una reclamación.',
  noShowRefunded: 'Anotamos que el contratista no llegó. Cancelamos el trabajo y te devolvemos todo el dinero retenido.',
  steppedBack: 'Te retiraste de este trabajo. Devolvimos al cliente todo el dinero retenido.',
  unpaused: 'Quitaste la pausa. El contratista vuelve a aparecer en el directorio y puede ofertar.',

  /** The project page's section (360 px first). */
  web: {
    title: 'Llegada al trabajo',
    startDay: (day: string) => `Día de inicio: ${day}`,
    arrive: 'Llegué',
    arriveHint: 'Tócalo cuando estés en el lugar del trabajo. El cliente lo confirmará.',
    arriving: 'Enviando…',
    notYet: (day: string) => `Podrás marcar «Llegué» desde el ${day}.`,
    markedAt: (when: string) => `Marcaste tu llegada el ${when}.`,
    clientMarkedAt: (name: string, when: string) => `${name} marcó su llegada el ${when}. ¿Llegó?`,
    clientMarked: (name: string, when: string) => `${name} marcó su llegada el ${when}.`,
    confirm: 'Confirmar llegada',
    noShow: 'No llegó',
    answering: 'Enviando…',
    confirmedNote: 'Llegada confirmada por el cliente.',
    deniedNote: 'El cliente dijo que no llegaste.',
    clientConfirmedNote: 'Confirmaste la llegada.',
    clientDeniedNote: 'Dijiste que el contratista no llegó.',
    waitingAnswer: 'Esperando la confirmación del cliente.',
    noShowIntro: (day: string) => `El contratista no marcó su llegada el ${day}. Si no llegó, avísanos: cancelamos el trabajo y te devolvemos todo el dinero retenido al momento.`,
    noShowConfirmTitle: '¿El contratista no llegó?',
    noShowConfirmText: 'Cancelaremos el trabajo y te devolveremos todo el dinero retenido. Esto no se puede deshacer.',
    noShowConfirm: 'Sí, no llegó',
    keep: 'Volver',
    stepBack: 'No podré ir',
    stepBackIntro: 'Si no puedes hacer este trabajo, avisa cuanto antes: devolvemos al cliente todo el dinero retenido.',
    stepBackText: 'Cancelaremos el trabajo, avisaremos al cliente con tu motivo y le devolveremos todo el dinero retenido.',
    stepBackLate: 'Falta menos de 24 horas para el día de inicio: retirarte ahora cuenta como cancelación tardía en tu historial. Tres en 90 días ponen tu cuenta en pausa.',
  },

  /** The public record on the contractor's page (its own module: the page needs only these). */
  record: showUpRecord,

  /** Mails and notices. */
  mail: {
    arrivedSubject: 'ArreglaYa - El contratista llegó',
    arrivedTitle: 'El contratista marcó su llegada',
    arrived: (title: string, name: string) => `${name} marcó «Llegué» en «${title}». Confirma si llegó.`,
    confirmAction: 'Confirmar llegada',
    cancelledSubject: 'ArreglaYa - Trabajo cancelado y dinero devuelto',
    cancelledTitle: 'Trabajo cancelado',
    steppedBack: (title: string, name: string) => `${name} se retiró de «${title}». Te devolvemos todo el dinero retenido.`,
    noShow: (title: string) => `El cliente avisó que no llegaste a «${title}». El trabajo se canceló y el dinero retenido volvió al cliente.`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },

  /** The console. */
  console: {
    pausedAlert: (when: string) => `En pausa automática desde el ${when}: tres cancelaciones tardías o ausencias en 90 días. No aparece en el directorio y no puede ofertar.`,
    events: 'Cancelaciones tardías y ausencias (90 días)',
    kind: { late_cancellation: 'Cancelación tardía', no_show: 'Ausencia' } as Record<string, string>,
    unpause: 'Quitar pausa',
    unpausing: 'Quitando…',
    pausedList: 'Contratistas en pausa',
    none: 'Ningún contratista en pausa.',
  },
} as const;
