// The pages of the built-in dLocal stand-in (apps/server/src/modules/dlocal/sandbox): the cash ticket
// a tester "pays at the counter", and the bank's 3-D Secure challenge. Served by the stand-in, not by
// the web app; what dLocal's own pages would say, in our Spanish.

export const dlocalSandboxPages = {
  badge: 'dLocal de prueba — no se mueve dinero real',
  back: 'Volver a ArreglaYa',
  notFound: 'No encontramos este pago.',
  ticket: {
    title: 'Pago en efectivo',
    intro: (amount: string, bank: string) => `Paga ${amount} en cualquier sucursal de ${bank} con este número de pago.`,
    number: 'Número de pago',
    barcode: 'Código de barras',
    reference: 'Referencia',
    expires: 'Paga antes del',
    beneficiary: 'A nombre de',
    pay: 'Pagar en ventanilla',
    payHint: 'En esta prueba, el botón hace lo que haría el cajero al recibir el efectivo.',
    /** The tester's shortcut: the ticket's five days pass now. */
    expire: 'Vencer ahora (prueba)',
    paid: 'Este pago ya se recibió. Gracias.',
    expired: 'Este número de pago venció sin pagarse. Pide uno nuevo en ArreglaYa.',
    closed: 'Este número de pago ya no se puede usar.',
  },
  challenge: {
    title: 'Confirmar pago',
    ask: (amount: string, card: string) => `Tu banco pide confirmar un cargo de ${amount} a la tarjeta ${card}.`,
    confirm: 'Confirmar pago',
    cancel: 'Cancelar pago',
    done: (ok: boolean) => `Este pago ya fue ${ok ? 'confirmado' : 'cancelado'}.`,
    back: 'Al responder, vuelves a ArreglaYa.',
  },
} as const;
