// Payment protection (issue 14): saved cards, funding a hired project, escrow release and refunds.

export const payments = {
  // Spec §4 (Formas de Pago): the add-card form's answers.
  methodAdded: 'Registro realizado con éxito.',
  methodAddError: 'Error al registrar el método de pago.',
  methodRemoved: 'Método de pago eliminado.',
  methodDefault: 'Método de pago predeterminado actualizado.',
  methodNotFound: 'No encontramos ese método de pago.',
  card: {
    numberInvalid: 'Número de tarjeta inválido.',
    numberLength: 'El número de tarjeta debe tener entre 13 y 19 dígitos.',
    cvcInvalid: (digits: number) => `El código de seguridad debe tener ${digits} dígitos.`,
    expMonthInvalid: 'Mes de vencimiento inválido.',
    expYearInvalid: 'Año de vencimiento inválido.',
    expired: 'La tarjeta está vencida.',
    tokenInvalid: 'La tarjeta no es válida o ya no está disponible. Vuelve a introducir sus datos.',
  },
  idempotency: {
    missing: 'Falta el encabezado Idempotency-Key (entre 8 y 60 letras, números, guiones o guiones bajos).',
    reused: 'Esta clave de idempotencia ya se usó con otra solicitud.',
  },
  fund: {
    funded: 'Pago recibido. El dinero queda retenido hasta que apruebes el trabajo.',
    requiresAction: 'Tu banco pide confirmar el pago.',
    declined: 'La tarjeta fue rechazada. Prueba con otra tarjeta.',
    insufficientFunds: 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
    processingError: 'El procesador de pagos no pudo completar el cobro. Inténtalo de nuevo.',
    cancelled: 'Cancelaste la confirmación del pago.',
    unknown: 'No pudimos confirmar el pago con el procesador. Lo verificaremos y no se cobrará dos veces: vuelve a intentarlo en un momento.',
    notAssigned: 'Solo puedes pagar un proyecto contratado que todavía tiene montos pendientes.',
    alreadyFunded: 'Este proyecto ya está pagado.',
    inProgress: 'Hay un pago en curso para este proyecto.',
    chooseOne: 'Elige una tarjeta guardada o introduce una nueva.',
    notYours: 'Este pago no es tuyo.',
    paymentNotFound: 'No encontramos ese pago.',
  },
  claim: {
    decided: 'Decisión registrada.',
    notDisputed: 'Este proyecto no está en reclamación.',
    splitPercent: 'Indica el porcentaje para el contratista (1 a 99).',
  },
  refund: {
    nothingHeld: 'No hay dinero retenido para devolver.',
  },
  /** Receipts by mail: to the client on each charge and refund, to the contractor on each release. */
  receipts: {
    greeting: (firstName: string) => (firstName ? `Hola ${firstName}:` : 'Hola:'),
    open: 'Ver proyecto',
    reference: (ref: string) => `Referencia: ${ref}`,
    card: (brand: string, last4: string | null) => (last4 ? `${brand} •••• ${last4}` : brand),
    brands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unknown: 'Tarjeta' },
    footer: 'Este recibo es un comprobante de tu operación en ArreglaYa. Guárdalo para tus registros.',
    charge: {
      subject: 'ArreglaYa - Recibo de pago',
      title: 'Pago recibido',
      intro: (title: string) => `Recibimos tu pago por «${title}». El dinero queda retenido y se libera al contratista cuando apruebes el trabajo.`,
      amount: (amount: string, card: string) => `Monto: ${amount} (${card})`,
    },
    refund: {
      subject: 'ArreglaYa - Reembolso',
      title: 'Reembolso enviado',
      intro: (title: string) => `Enviamos un reembolso a tu tarjeta por «${title}». Puede tardar unos días en verse en tu estado de cuenta.`,
      amount: (amount: string) => `Monto reembolsado: ${amount}`,
    },
    release: {
      subject: 'ArreglaYa - Pago liberado',
      title: 'Pago liberado',
      intro: (title: string) => `Se liberó el pago de «${title}» a tu saldo.`,
      amounts: (gross: string, fee: string, net: string) => `Monto liberado: ${gross}. Comisión de la plataforma: ${fee}. Para ti: ${net}.`,
    },
  },
  payout: {
    accountSaved: 'Cuenta bancaria guardada.',
    accountNumberInvalid: 'Número de cuenta inválido (de 6 a 20 dígitos).',
    ran: (count: number) => (count === 1 ? 'Se envió 1 pago a contratistas.' : `Se enviaron ${count} pagos a contratistas.`),
  },
  /** What the contractor sees on a hired project not yet funded. */
  notFundedHint: 'El cliente aún no ha pagado: espera la confirmación del pago antes de empezar.',
} as const;
