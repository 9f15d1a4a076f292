// The warranty holdback (issue 49, part 2; decision 055): part of the price kept under payment
// protection for the offer's warranty days after approval, and the client's warranty claim.

export const warranty = {
  /** The offer form's field. */
  percentLabel: 'Retención de garantía (%)',
  percentHint:
    'Opcional, de 0 a 10. Ese porcentaje del precio queda retenido durante los días de garantía después de la aprobación y se te paga solo al terminar, salvo que el cliente abra un reclamo de garantía. 0 si no quieres retención.',
  percentRange: 'La retención de garantía tiene que estar entre 0 y 10 %.',
  needsWarranty: 'Para ofrecer una retención de garantía, indica más de 0 días de garantía.',
  lastStageTooSmall: 'La retención de garantía sale de la última etapa del plan: esa etapa tiene que ser mayor que el porcentaje retenido.',
  /** The offer's card and terms. */
  term: 'Retención de garantía',
  none: 'Sin retención',
  percent: (n: number) => `${n} %`,
  termValue: (percent: string, amount: string, days: string) => `${percent} (${amount}) por ${days}`,
  /** The project page's section. */
  section: 'Retención de garantía',
  amount: 'Monto retenido',
  releaseAt: 'Se libera el',
  endedAt: 'La garantía terminó el',
  state: 'Estado',
  states: {
    held: 'Retenida',
    claimed: 'En reclamo de garantía',
    released: 'Liberada al contratista',
    refunded: 'Reembolsada al cliente',
    split: 'Repartida',
  },
  explainClient: (amount: string, date: string) =>
    `${amount} del precio sigue protegido hasta el ${date}. Si algo del trabajo falla antes, abre un reclamo de garantía; si no, se paga al contratista ese día.`,
  explainContractor: (amount: string, date: string) => `${amount} del precio se te paga el ${date}, salvo que el cliente abra un reclamo de garantía antes.`,
  open: 'Abrir reclamo de garantía',
  reasonLabel: 'Qué falla del trabajo',
  reasonHint: 'Cuéntale al equipo de ArreglaYa qué pasó y desde cuándo.',
  send: 'Enviar reclamo',
  cancel: 'Cancelar',
  sent: 'Reclamo de garantía enviado. El equipo de ArreglaYa lo revisará y te escribirá.',
  /** Refusals. */
  notFound: 'Esta obra no tiene retención de garantía.',
  notCompleted: 'Solo puedes abrir un reclamo de garantía de un trabajo completado.',
  windowEnded: (date: string) => `La garantía de este trabajo terminó el ${date}: ya no se puede abrir un reclamo.`,
  alreadyClaimed: 'Ya hay un reclamo de garantía abierto para este trabajo.',
  alreadySettled: 'La retención de garantía de este trabajo ya se pagó o se devolvió.',
  notClaimed: 'Esta retención no tiene un reclamo de garantía abierto.',
  decided: {
    release: 'Retención liberada al contratista.',
    refund: 'Retención reembolsada al cliente.',
    split: 'Retención repartida.',
  },
  /** The release receipt's line (what was withheld). */
  receiptWithheld: (amount: string, date: string) => `Retención de garantía: ${amount}, se libera el ${date} salvo reclamo.`,
  receiptHoldback: 'Esta liberación es la retención de garantía del trabajo.',
  /** The contractor's notices. */
  mail: {
    claimed: {
      subject: 'Reclamo de garantía abierto',
      title: 'El cliente abrió un reclamo de garantía',
      intro: (title: string, amount: string) => `El cliente de «${title}» abrió un reclamo de garantía. La retención de ${amount} queda congelada hasta que ArreglaYa decida.`,
      reason: (reason: string) => `Motivo: ${reason}`,
    },
    decided: {
      subject: 'Reclamo de garantía decidido',
      title: 'ArreglaYa decidió el reclamo de garantía',
      release: (title: string, amount: string) => `La retención de ${amount} de «${title}» se te liberó.`,
      refund: (title: string, amount: string) => `La retención de ${amount} de «${title}» se reembolsó al cliente.`,
      split: (title: string, toContractor: string, toClient: string) => `La retención de «${title}» se repartió: ${toContractor} para ti y ${toClient} para el cliente.`,
    },
  },
  /** The console's claims page. */
  console: {
    heading: 'Reclamos de garantía',
    intro: 'Reclamos de garantía abiertos: la retención queda congelada hasta que decidas.',
    empty: 'No hay reclamos de garantía abiertos.',
    project: 'Proyecto',
    amount: 'Retención',
    reason: 'Motivo',
    claimedAt: 'Abierto el',
    release: 'Liberar al contratista',
    refund: 'Reembolsar al cliente',
    split: 'Repartir',
    contractorPercent: 'Porcentaje para el contratista',
  },
} as const;
