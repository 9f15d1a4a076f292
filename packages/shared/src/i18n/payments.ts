// Payment protection (issue 14): saved cards, funding a hired project, escrow release and refunds.

import { idDocuments } from './id-documents.ts';

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
  /**
   * A card is verified by the processor when saved (a zero-amount check, issue 29): refused as a
   * payment would be (the fund texts: declined, insufficient funds, processing error), or its bank
   * asks for a challenge first.
   */
  verification: {
    requiresAction: 'Tu banco pide confirmar la tarjeta antes de guardarla.',
    stillPending: 'Tu banco todavía espera que confirmes la tarjeta.',
    cancelled: 'Cancelaste la confirmación de la tarjeta. No la guardamos.',
    failed: 'Tu banco no pudo verificar la tarjeta. No la guardamos: prueba con otra tarjeta.',
    unavailable: 'No pudimos verificar la tarjeta con el procesador de pagos. No la guardamos: inténtalo de nuevo en un momento.',
    unknownNow: 'No pudimos consultar la tarjeta con el procesador de pagos. Inténtalo de nuevo en un momento.',
    notVerified: 'Esta tarjeta todavía no está verificada: confirma la tarjeta con tu banco o usa otra.',
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
    expired: 'El tiempo para completar ese pago terminó. Elige una forma de pago para intentarlo de nuevo.',
    cardOnlyForCard: 'Los datos de tarjeta solo se usan al pagar con tarjeta.',
    /** Cash and transfer (decision 051). */
    transferOpened: 'Transfiere el monto exacto con la referencia indicada. El dinero queda retenido cuando llegue a nuestra cuenta.',
    voucherOpened: 'Paga el comprobante en efectivo antes de la fecha indicada. El dinero queda retenido cuando el banco confirme el pago.',
    transferUnavailable: 'El pago por transferencia no está disponible por ahora. Paga con tarjeta o en efectivo.',
    cashUnavailable: 'El pago en efectivo no está disponible por ahora. Paga con tarjeta o por transferencia.',
    tooLateForOffline: 'Ya no queda tiempo para pagar en efectivo o por transferencia antes de que venza la contratación. Paga con tarjeta.',
    offlineCancelled: 'Cancelaste ese pago. Puedes elegir otra forma de pago.',
    cannotCancel: 'Ese pago ya no se puede cancelar.',
    partlyReceived: 'Ya recibimos parte de esa transferencia: completa el monto con la misma referencia.',
    notYours: 'Este pago no es tuyo.',
    paymentNotFound: 'No encontramos ese pago.',
    receiptNotFound: 'No encontramos el recibo de ese pago.',
    /** Payment methods per country (issue 51, decision 067). */
    methodNotOfCountry: (country: string) => `Esa forma de pago no está disponible en ${country}. Elige una de las que se muestran.`,
    methodOnlyForCash: 'Elige la forma de pago en efectivo o en línea que quieres usar.',
    redirectOpened: 'Completa el pago en el sitio de tu banco. El dinero queda retenido cuando el banco confirme el pago.',
    speiOpened: 'Transfiere el monto exacto por SPEI a la CLABE indicada antes de la fecha límite. El dinero queda retenido cuando el banco confirme el pago.',
    /** Colombia's and Mexico's local methods: dLocal asks the payer's document (decision 067); 'cédula de ciudadanía', 'CURP'. */
    payerDocumentRequired: (doc: string, country: string) => `Escribe tu ${doc}: en ${country} el medio de pago la pide para cobrar.`,
  },
  claim: {
    decided: 'Decisión registrada.',
    notDisputed: 'Este proyecto no está en reclamación.',
    splitPercent: 'Indica el porcentaje para el contratista (1 a 99).',
    chooseOutcome: 'Elige el resultado de la decisión.',
  },
  refund: {
    nothingHeld: 'No hay dinero retenido para devolver.',
  },
  /** Receipts by mail: to the client on each charge and refund, to the contractor on each release. */
  receipts: {
    greeting: (firstName: string) => (firstName ? `Hola ${firstName}:` : 'Hola:'),
    open: 'Ver proyecto',
    balance: 'Ver mi saldo',
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
      /** How the money goes back follows how it came (decision 051): the card, dLocal's bank transfer for cash, our transfer back to the payer's account. */
      intro: (title: string, rail: 'card' | 'cash' | 'transfer' = 'card') =>
        rail === 'card'
          ? `Enviamos un reembolso a tu tarjeta por «${title}». Puede tardar unos días en verse en tu estado de cuenta.`
          : rail === 'cash'
            ? `Enviamos un reembolso por «${title}». Como pagaste en efectivo, te llega por transferencia bancaria; puede tardar unos días.`
            : `Enviamos un reembolso por «${title}» por transferencia a la cuenta desde la que pagaste; puede tardar unos días.`,
      amount: (amount: string) => `Monto reembolsado: ${amount}`,
    },
    release: {
      subject: 'ArreglaYa - Pago liberado',
      title: 'Pago liberado',
      intro: (title: string) => `Se liberó el pago de «${title}» a tu saldo.`,
      milestoneIntro: (milestone: string, title: string) => `Se liberó la etapa «${milestone}» de «${title}» a tu saldo.`,
      amounts: (gross: string, fee: string, net: string) => `Monto liberado: ${gross}. Comisión de la plataforma: ${fee}. Para ti: ${net}.`,
      /** The fee with the tax on it (issue 51, decision 067): fee, tax, total, in one line. */
      feeTax: (fee: string, tax: string, taxName: string, percent: string, total: string) =>
        `Desglose de la comisión: comisión ${fee} + ${taxName} (${percent}) ${tax} = ${total}.`,
    },
    payout: {
      subject: 'ArreglaYa - Pago enviado a tu cuenta',
      title: 'Pago enviado',
      intro: (bank: string) => `Enviamos tu saldo disponible a tu cuenta ${bank}. Puede tardar hasta un día hábil en acreditarse.`,
      amount: (amount: string) => `Monto enviado: ${amount}`,
      projects: (titles: string[]) => (titles.length === 0 ? 'Proyectos: —' : `Proyectos: ${titles.map((t) => `«${t}»`).join(', ')}`),
    },
    /** A payout dLocal rejected or cancelled: its money is back in the available balance, with the reason (decision 052). */
    payoutReturned: {
      subject: 'ArreglaYa - Tu pago no se pudo enviar',
      title: 'Pago devuelto a tu saldo',
      intro: (amount: string) => `No pudimos enviar ${amount} a tu cuenta bancaria. El dinero volvió a tu saldo disponible.`,
      reason: (reason: string) => `Motivo: ${reason}.`,
      fix: 'Revisa los datos de tu cuenta bancaria en tu perfil; el próximo pago automático lo enviará de nuevo.',
    },
  },
  /** Staged plans: a milestone released on its own while the work is in progress. */
  milestones: {
    notFound: 'Etapa no encontrada.',
    notInProgress: 'Solo puedes liberar una etapa mientras el trabajo está en curso.',
    notFunded: 'Esta etapa todavía no está pagada.',
    alreadyReleased: 'Esta etapa ya fue liberada.',
    lastOnApproval: 'La última etapa se libera al aprobar el trabajo terminado.',
    released: (title: string) => `Etapa «${title}» liberada al contratista.`,
  },
  payout: {
    accountSaved: 'Cuenta bancaria guardada.',
    accountNumberInvalid: 'Número de cuenta inválido (de 6 a 20 dígitos).',
    ran: (count: number) => (count === 1 ? 'Se envió 1 pago a contratistas.' : `Se enviaron ${count} pagos a contratistas.`),
    /** Retirar (issue 46): the contractor asks for their available balance now. */
    withdrawn: (amount: string) => `Enviamos ${amount} a tu cuenta bancaria. Puede tardar hasta un día hábil en acreditarse.`,
    withdrawQueued: (amount: string) => `Registramos tu retiro de ${amount}. Sale a tu cuenta con el próximo pago automático.`,
    nothingAvailable: 'No tienes saldo disponible para retirar.',
    noAccount: 'Registra tu cuenta bancaria antes de retirar tu saldo.',
    fixAccount: 'Tu banco rechazó el último pago a esta cuenta. Corrige los datos de tu cuenta bancaria para retirar tu saldo.',
    /** Sent to dLocal, waiting for the bank's answer (decision 052). */
    withdrawSent: (amount: string) => `Enviamos ${amount} a tu banco. Te avisamos cuando se acredite (puede tardar hasta un día hábil).`,
    /** The account form's validation (the shared schema: the form and the server say the same). */
    bankInvalid: 'Elige tu banco de la lista.',
    cedulaInvalid: 'Cédula inválida: son 11 dígitos y el último no coincide. Revísala.',
    rncInvalid: 'RNC inválido: son 9 dígitos, empieza por 1, 4 o 5 y el último no coincide. Revísalo.',
    passportInvalid: 'Pasaporte inválido (de 7 a 12 letras o números).',
    documentRequired: 'Escribe el número de tu documento.',
    /** Colombia and Mexico (issue 51, decision 067). */
    clabeInvalid: 'CLABE inválida: son 18 dígitos y el último no coincide. Revísala.',
    clabeOtherBank: 'Esa CLABE es de otro banco: revisa el banco elegido o la CLABE.',
    documentNotOfCountry: 'Elige un documento del país de tu banco.',
    ccInvalid: 'Cédula de ciudadanía inválida (de 6 a 10 dígitos).',
    nitInvalid: 'NIT inválido (de 9 a 10 dígitos, sin el guion).',
    curpInvalid: 'CURP inválida: son 18 letras y números.',
    rfcInvalid: 'RFC inválido: son 12 o 13 letras y números.',
    /** A payout dLocal rejected or cancelled (its mail is receipts.payoutReturned): the push's or SMS's text. */
    returnedShort: (amount: string, reason: string) => `No pudimos enviar ${amount} a tu banco (${reason}). El dinero volvió a tu saldo.`,
    /**
     * Why a payout failed, by dLocal's reason (its status_detail: the documented rejection reasons of
     * Payouts, ERROR_ACCOUNT_INCORRECT…) or by its error code when dLocal refused the request.
     */
    reasons: {
      ERROR_ACCOUNT_INCORRECT: 'el número de cuenta no existe en ese banco',
      ERROR_ACCOUNT_CLOSED: 'la cuenta está cerrada',
      ERROR_AMOUNT_INCORRECT: 'el banco no aceptó el monto',
      ERROR_BANK_INVALID: 'el banco indicado no es válido',
      ERROR_BANK_BRANCH_INCORRECT: 'la sucursal del banco no es válida',
      ERROR_BENEFICIARY_DOCUMENT_ID_INVALID: 'el documento del titular no coincide con la cuenta',
      ERROR_BENEFICIARY_NAME_INCORRECT: 'el nombre del titular no coincide con la cuenta',
      CANCELLED: 'el pago fue cancelado',
      '3003': 'el banco indicado no es válido',
      '5013': 'el titular no puede recibir pagos',
      '5015': 'el pago fue rechazado por controles de cumplimiento',
      /** A payout in another currency than its bank's country's, refused before dLocal (decision 067). */
      ERROR_CURRENCY_NOT_OF_COUNTRY: 'ese banco no recibe pagos en esa moneda',
      other: 'el banco rechazó el pago',
    } as Record<string, string>,
  },
  /** What the contractor sees on a hired project not yet funded. */
  notFundedHint: 'El cliente aún no ha pagado: espera la confirmación del pago antes de empezar.',
} as const;

/** The web pages of payment protection: /perfil/formas-pago, the funding panel, /perfil/pagos and /profile/pagos. */
export const paymentsWeb = {
  methods: {
    title: 'Formas de pago',
    intro: 'Guarda una tarjeta para pagar tus proyectos. Solo vemos la marca y los últimos 4 dígitos: el número completo lo guarda el procesador de pagos.',
    listLabel: 'Tarjetas registradas',
    empty: 'Aún no tienes tarjetas registradas.',
    loadError: 'No pudimos cargar tus tarjetas.',
    refreshing: 'Actualizando tarjetas…',
    masked: (last4: string) => `•••• ${last4}`,
    expires: (mm: string, yy: string) => `Vence ${mm}/${yy}`,
    isDefault: 'Predeterminada',
    makeDefault: 'Usar por defecto',
    remove: 'Eliminar',
    removeLabel: (card: string) => `Eliminar ${card}`,
    makeDefaultLabel: (card: string) => `Usar ${card} por defecto`,
    removeTitle: 'Eliminar tarjeta',
    removeText: (card: string) => `¿Eliminar la tarjeta ${card}? Tendrás que volver a introducir sus datos para usarla.`,
    addTitle: 'Agregar tarjeta',
    verifyChallenge: 'Tu banco pide confirmar la tarjeta. Te llevamos a su página y volverás aquí.',
    verifying: 'Confirmando la tarjeta con tu banco…',
  },
  cardForm: {
    number: 'Número de tarjeta',
    brand: 'Marca',
    brandDetected: (brand: string) => `Tarjeta detectada: ${brand}`,
    expiry: 'Vencimiento (MM/AA)',
    expiryInvalid: 'Fecha de caducidad inválida (MM/AA).',
    cvc: 'Código de seguridad (CVC)',
    cvcHint: (digits: number) => `${digits} dígitos, en el reverso de la tarjeta${digits === 4 ? ' (en el frente en American Express)' : ''}.`,
    holderName: 'Nombre en la tarjeta',
    postalCode: 'Código postal',
    /** Where the country's cards use none (POSTAL_CODE_ON_CARDS). */
    postalCodeOptional: 'Opcional: las tarjetas de este país no lo piden.',
    country: 'País',
    chooseCountry: '-- Elige un país --',
    save: 'Guardar tarjeta',
    saving: 'Guardando…',
    makeDefault: 'Usar esta tarjeta por defecto',
    privacy: 'Los datos de la tarjeta van directamente al procesador de pagos; ArreglaYa nunca guarda el número completo ni el código de seguridad.',
    /** The processor refused to tokenize the card (dLocal's Smart Fields), whatever its own words were. */
    tokenizeRefused: 'El procesador de pagos no aceptó los datos de la tarjeta. Revísalos e inténtalo de nuevo.',
    /** No tokenizer this web app can use (the real dLocal's Smart Fields are not wired here). */
    tokenizerUnavailable: 'El pago con tarjeta no está disponible en este momento. Prueba con efectivo o transferencia.',
  },
  fund: {
    title: 'Pagar con protección de pago',
    /** Under the state line that names the amount and the deadline. */
    protection: 'El dinero queda retenido por ArreglaYa y se libera al contratista solo cuando apruebes el trabajo terminado.',
    savedCards: 'Tarjetas guardadas',
    newCard: 'Usar una tarjeta nueva',
    pay: 'Pagar',
    /** The pay button with the amount being paid (the price, or the stage due): 'Pagar RD$2,400.00'. */
    payAmount: (amount: string) => `Pagar ${amount}`,
    cardChoice: 'Tarjeta para pagar',
    paying: 'Procesando el pago…',
    challenge: 'Tu banco pide confirmar el pago. Te llevamos a su página y volverás aquí.',
    confirming: 'Confirmando el pago con tu banco…',
    held: (amount: string) => `Retenido: ${amount}`,
    released: (amount: string) => `Liberado al contratista: ${amount}`,
    refunded: (amount: string) => `Reembolsado: ${amount}`,
    moneyTitle: 'Protección de pago',
    milestoneIntro: (milestone: string, amount: string) =>
      `Paga la etapa «${milestone}»: ${amount}. Puedes pagarla cuando quieras, sin liberar nada antes. El dinero queda retenido por ArreglaYa y se libera al contratista cuando liberes la etapa o apruebes el trabajo terminado.`,
  },
  /**
   * Paying by bank transfer or in cash (issue 47): the choice of how to pay, the
   * instructions of an open transfer reference or cash voucher (after the fund request, or on a
   * reload of the project page), what arrived so far, and paying another way instead.
   */
  offline: {
    choice: '¿Cómo quieres pagar?',
    rails: {
      card: { label: 'Tarjeta', hint: 'Crédito o débito, al momento' },
      transfer: { label: 'Transferencia bancaria', hint: 'Desde tu banco o app, con una referencia' },
      cash: { label: 'Efectivo', hint: 'En Banco Popular o sus subagentes' },
    },
    /** The local methods of Colombia and Mexico (issue 51, decision 067), by LocalMethodId. */
    methods: {
      popular: { label: 'Efectivo', hint: 'En Banco Popular o sus subagentes' },
      efecty: { label: 'Efectivo en Efecty', hint: 'Con un comprobante, en cualquier punto Efecty' },
      pse: { label: 'PSE', hint: 'Débito desde tu cuenta bancaria, en el sitio de tu banco' },
      oxxo: { label: 'Efectivo en OXXO', hint: 'Con un número de referencia, en cualquier tienda OXXO' },
      spei: { label: 'Transferencia SPEI', hint: 'Desde la app de tu banco, a una CLABE solo para este pago' },
    },
    pseIntro: 'Te llevamos al sitio de tu banco para autorizar el pago con PSE.',
    speiIntro: 'Te damos una CLABE solo para este pago. Transfiere el monto exacto desde la app de tu banco.',
    goToBank: 'Ir a mi banco',
    /** PSE's button with the amount: 'Ir a mi banco a pagar $ 4.000.000'. */
    goToBankAmount: (amount: string) => `Ir a mi banco a pagar ${amount}`,
    /** SPEI's button with the amount: 'Generar CLABE de pago por $4,000.00'. */
    generateClabe: (amount: string) => `Generar CLABE de pago por ${amount}`,
    /** Efecty's or OXXO's intro: 'Te damos un comprobante con un número para pagar en efectivo en OXXO.' */
    cashIntroAt: (provider: string) => `Te damos un comprobante con un número para pagar en efectivo en ${provider}.`,
    /** Under the payer's document field (Colombia, Mexico): why it is asked. */
    payerDocumentHint: 'El medio de pago la pide para identificar a quien paga. No la guardamos.',
    clabe: 'CLABE',
    speiTitle: 'Paga por transferencia SPEI',
    clabeHint: 'Esta CLABE es solo para este pago: no necesitas escribir una referencia. Transfiere el monto exacto.',
    nextSpei: 'El dinero queda retenido cuando el banco confirme tu transferencia; te avisaremos.',
    pseTitle: 'Paga con PSE',
    pseWaiting: 'Si ya autorizaste el pago en el sitio de tu banco, espera su confirmación: te avisaremos.',
    transferIntro: 'Te damos la cuenta de ArreglaYa y una referencia solo para este pago. Transfiere desde tu banco o su app.',
    cashIntro: 'Te damos un comprobante con un número para pagar en efectivo en la ventanilla.',
    /** The button with the amount being paid: 'Generar referencia de transferencia por RD$2,400.00'. */
    generateTransfer: (amount: string) => `Generar referencia de transferencia por ${amount}`,
    generateCash: (amount: string) => `Generar comprobante de pago por ${amount}`,
    generating: 'Generando…',
    transferTitle: 'Paga por transferencia bancaria',
    cashTitle: 'Paga en efectivo',
    notHeld: 'Todavía no recibimos tu pago: el dinero aún no está retenido.',
    /** A transfer that arrived in part: 'Recibimos RD$4,000.00 de RD$10,000.00; faltan RD$6,000.00.' */
    partial: (received: string, total: string, missing: string) => `Recibimos ${received} de ${total}; faltan ${missing}.`,
    partialNote: 'Transfiere lo que falta con la misma referencia.',
    exactAmount: 'Monto exacto',
    missingAmount: 'Monto que falta',
    amountToPay: 'Monto a pagar',
    reference: 'Referencia',
    referenceHint: 'Escribe la referencia en el concepto o descripción de la transferencia.',
    account: 'Cuenta de ArreglaYa',
    bank: 'Banco',
    accountType: 'Tipo de cuenta',
    accountNumber: 'Número de cuenta',
    holder: 'A nombre de',
    taxId: 'RNC',
    dueTransfer: (when: string) => `Transfiere antes del ${when}.`,
    dueCash: (when: string) => `Paga antes del ${when}.`,
    nextTransfer: 'El dinero queda retenido cuando llegue a nuestra cuenta; te avisaremos.',
    nextCash: 'El dinero queda retenido cuando el banco confirme tu pago; te avisaremos.',
    voucherNumber: 'Número de comprobante',
    barcode: 'Código de barras',
    where: 'Dónde pagar',
    print: 'Imprimir comprobante',
    voucherPage: 'Abrir el comprobante del procesador de pagos',
    /** A cash payment whose voucher the processor did not hand over (it did not answer). */
    voucherMissing: 'El procesador de pagos todavía no nos dio el comprobante. Elige «Pagar de otra forma» y genera uno nuevo.',
    copy: 'Copiar',
    /** The copy button's accessible name: 'Copiar referencia'. */
    copyLabel: (what: string) => `Copiar ${what.toLowerCase()}`,
    copied: 'Copiado',
    copyFailed: 'No se pudo copiar: selecciona el texto y cópialo.',
    otherWay: 'Pagar de otra forma',
    otherWayTitle: '¿Pagar de otra forma?',
    otherWayTransfer: 'Cancelamos esta referencia y vuelves a elegir cómo pagar. No transfieras con ella después de cancelarla.',
    otherWayCash: 'Cancelamos este comprobante y vuelves a elegir cómo pagar. No lo pagues después de cancelarlo.',
    otherWayConfirm: 'Sí, pagar de otra forma',
    /** Over the choice again, after the client's last voucher or reference ran out unpaid. */
    expired: {
      cash: 'Tu comprobante de pago en efectivo venció sin pagarse, así que no se retuvo nada. Elige otra vez cómo pagar.',
      transfer: 'Tu referencia de transferencia venció sin recibir el monto completo. Elige otra vez cómo pagar.',
      /** PSE or SPEI: paid from the client's bank, not in cash (decision 067). */
      bank: 'Tu pago desde el banco venció sin confirmarse, así que no se retuvo nada. Elige otra vez cómo pagar.',
    },
    /** The hired contractor's line while the client's transfer or voucher is open. */
    contractorWaiting: {
      transfer: 'El cliente eligió pagar por transferencia bancaria: el dinero queda retenido cuando llegue a la cuenta de ArreglaYa.',
      cash: 'El cliente eligió pagar en efectivo: el dinero queda retenido cuando el banco confirme el pago.',
    },
    /** The same line when the client pays from her bank (PSE, SPEI), not in cash. */
    contractorWaitingBank: 'El cliente eligió pagar desde su banco: el dinero queda retenido cuando el banco confirme el pago.',
  },
  /**
   * The money panel's one state line (issue 29), for the client and the hired contractor: what is
   * due and by when, what is held, what was released or refunded and when.
   */
  state: {
    payBy: (amount: string, by: string) => `Paga ${amount} antes del ${by} para que el trabajo empiece.`,
    payNow: (amount: string) => `Paga ${amount} para que el trabajo empiece.`,
    payByNote: 'Si no pagas a tiempo, la contratación se cancela y tu proyecto vuelve a recibir ofertas.',
    waitingBy: (amount: string, by: string) => `Esperando el pago del cliente: ${amount} antes del ${by}. No empieces todavía.`,
    waiting: (amount: string) => `Esperando el pago del cliente: ${amount}. No empieces todavía.`,
    waitingByNote: 'Si el cliente no paga a tiempo, la contratación termina y no tienes que hacer nada.',
    heldClient: (amount: string) => `Pago retenido: ${amount}. ArreglaYa lo libera al contratista cuando apruebes el trabajo.`,
    heldContractor: (amount: string) => `Pago retenido: ${amount}. El cliente ya pagó; se te libera cuando apruebe el trabajo.`,
    heldDisputed: (amount: string) => `Pago retenido: ${amount}, congelado mientras se resuelve la reclamación.`,
    partlyReleased: (released: string, price: string, held: string) => `Liberado: ${released} de ${price}. Retenido ahora: ${held}.`,
    nextDueClient: (milestone: string, amount: string) => `Falta pagar la etapa «${milestone}»: ${amount}.`,
    nextDueContractor: (milestone: string, amount: string) => `El cliente debe pagar la etapa «${milestone}» (${amount}) antes de que sigas.`,
    /** A staged plan with a stage held and the next one not paid yet: payable now, needed before the delivery. */
    nextStageClient: (milestone: string, amount: string) => `Puedes pagar ya la etapa «${milestone}» (${amount}): hace falta antes de que el contratista entregue el trabajo.`,
    nextStageContractor: (milestone: string, amount: string) => `Falta que el cliente pague la etapa «${milestone}» (${amount}) antes de que entregues el trabajo.`,
    released: (amount: string, on: string) => `Pago liberado: ${amount} el ${on}.`,
    releasedUndated: (amount: string) => `Pago liberado: ${amount}.`,
    refunded: (amount: string, on: string) => `Reembolsado al cliente: ${amount} el ${on}.`,
    refundedUndated: (amount: string) => `Reembolsado al cliente: ${amount}.`,
    refundedClient: (amount: string, on: string) => `Te reembolsamos ${amount} el ${on}.`,
    refundedClientUndated: (amount: string) => `Te reembolsamos ${amount}.`,
    price: (amount: string) => `Precio acordado: ${amount}`,
  },
  /** Back from the bank's page (3-D Secure): the outcome, at the top of the project page. */
  paymentReturn: {
    label: 'Resultado del pago',
  },
  /** A staged plan on the project page (client and contractor). */
  milestones: {
    title: 'Plan por etapas',
    listLabel: 'Etapas del plan',
    statuses: { pending: 'Por pagar', funded: 'Pagada y retenida', released: 'Liberada', refunded: 'Reembolsada', split: 'Repartida' },
    item: (title: string, amount: string) => `${title} · ${amount}`,
    lastNote: 'Se libera al aprobar el trabajo terminado.',
    release: 'Liberar etapa',
    releaseLabel: (title: string) => `Liberar la etapa «${title}»`,
    confirmText: (title: string, amount: string) => `¿Liberar ${amount} de la etapa «${title}» al contratista? No se puede deshacer.`,
    confirm: 'Sí, liberar',
    cancel: 'Cancelar',
    releasing: 'Liberando…',
    contractorNextDue: 'El cliente debe pagar la siguiente etapa: no sigas trabajando hasta que el pago esté retenido.',
  },
  myPayments: {
    title: 'Mis pagos',
    intro: 'Los pagos que hiciste por tus proyectos y qué pasó con cada uno: retenido hasta que apruebes el trabajo, liberado al contratista o reembolsado.',
    empty: 'Aún no has hecho pagos.',
    loadError: 'No pudimos cargar tus pagos.',
    statuses: { pending: 'En proceso', requires_action: 'Pendiente de confirmar', succeeded: 'Pagado', failed: 'No se completó', expired: 'Venció' },
    /** A succeeded payment, by what became of its money (PAYMENT_MONEY_STATES). */
    moneyStates: {
      held: 'Retenido hasta que apruebes el trabajo',
      released: 'Liberado al contratista',
      refunded: 'Reembolsado',
      split: 'Liberado en parte y reembolsado en parte',
    },
    stage: (title: string, position: number, count: number) => `Etapa ${position} de ${count}: ${title}`,
    wholePrice: 'Precio completo',
    newCard: 'Tarjeta nueva (no guardada)',
    rails: { cash: 'Efectivo', transfer: 'Transferencia bancaria' },
    receipt: 'Ver recibo',
    receiptLabel: (title: string, date: string) => `Ver recibo del pago de «${title}» del ${date}`,
    receiptTitle: 'Recibo de pago',
    receiptDate: (date: string) => `Fecha: ${date}`,
    receiptLoadError: 'No pudimos cargar el recibo.',
    back: 'Volver a mis pagos',
    openProject: 'Ver proyecto',
  },
  balance: {
    title: 'Mis cobros',
    intro: 'Lo que tienes retenido en proyectos, lo disponible para cobrar y lo que ya te pagamos.',
    pending: 'Retenido en proyectos',
    available: 'Disponible',
    paidOut: 'Pagado a tu cuenta',
    movements: 'Movimientos',
    noMovements: 'Aún no tienes movimientos.',
    kinds: { release: 'Pago liberado', payout: 'Pago a tu cuenta', payout_return: 'Pago devuelto a tu saldo' },
    /** A payout's state next to its movement (decision 052). */
    payoutStates: { pending: 'Por enviar', sent: 'Enviado, esperando al banco', paid: 'Acreditado', failed: 'No se pudo enviar' },
    failedReason: (reason: string) => `No se pudo enviar: ${reason}. El dinero volvió a tu saldo disponible.`,
    documentType: 'Documento del titular',
    /** Colombia's and Mexico's from id-documents (decision 065). */
    documentTypes: {
      cedula: 'Cédula',
      rnc: 'RNC',
      passport: 'Pasaporte',
      cc: idDocuments.co_cc.label,
      nit: idDocuments.co_nit.label,
      curp: idDocuments.mx_curp.label,
      rfc: idDocuments.mx_rfc.label,
    },
    documentNumber: 'Número de documento',
    documentHint: {
      cedula: '11 dígitos, con o sin guiones',
      rnc: '9 dígitos',
      passport: 'De 7 a 12 letras o números',
      cc: idDocuments.co_cc.hint,
      nit: idDocuments.co_nit.hint,
      curp: idDocuments.mx_curp.hint,
      rfc: idDocuments.mx_rfc.hint,
    },
    /** Mexico: the account number is the CLABE (18 digits, its first three the bank's). */
    clabe: 'CLABE (18 dígitos)',
    clabeHint: 'La encuentras en la app de tu banco; sus tres primeros dígitos dicen el banco.',
    /** The bank a CLABE's first three digits name: 'Banco de esta CLABE: BBVA México'. */
    clabeBank: (bank: string) => `Banco de esta CLABE: ${bank}`,
    documentCurrent: (type: string, last: string) => `${type} terminado en ${last}`,
    chooseBank: 'Elige tu banco',
    accountIncomplete: 'Completa el documento del titular para recibir tus pagos.',
    loadError: 'No pudimos cargar tu saldo.',
    account: 'Cuenta bancaria para cobrar',
    accountCurrent: (bank: string, last4: string) => `${bank} •••• ${last4}`,
    noAccount: 'Aún no registraste una cuenta bancaria.',
    bank: 'Banco',
    accountType: 'Tipo de cuenta',
    accountTypes: { ahorros: 'Ahorros', corriente: 'Corriente' },
    accountNumber: 'Número de cuenta',
    holderName: 'Titular',
    saveAccount: 'Guardar cuenta',
    /** Retirar and the payout schedule (issue 46). */
    withdrawTitle: 'Retirar tu saldo',
    withdraw: (amount: string) => `Retirar ${amount}`,
    withdrawing: 'Retirando…',
    withdrawNeedsAccount: 'Registra tu cuenta bancaria (abajo) para retirar tu saldo.',
    nothingToWithdraw: 'Cuando se libere un pago, podrás retirarlo aquí.',
    schedule: (time: string, day: string) => `Los pagos automáticos salen cada día a las ${time}; el próximo: ${day}.`,
    /** A balance in several currencies (decision 067): each one's figures under its name ('Pesos colombianos (COP)'). */
    currencyTitle: (name: string, code: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)} (${code})`,
    /**
     * Money available in another currency than the payout bank's (decision 067): paid only to a bank
     * of its own country, never exchanged; it waits in the balance until the payout account is of that country.
     */
    otherCurrency: (amount: string, country: string) =>
      `Tus ${amount} se pagan solo a una cuenta de un banco de ${country}: no cambiamos una moneda por otra. Siguen en tu saldo y salen con Retirar o con el pago automático cuando tu cuenta para cobrar sea de un banco de ${country}.`,
  },
} as const;

/** The sandbox processor's challenge page (a bank's 3-D-Secure-like page, server-rendered). */
export const sandboxChallenge = {
  badge: 'Banco de prueba — no se mueve dinero real',
  charge: {
    title: 'Confirmar pago',
    ask: (amount: string) => `Tu banco pide confirmar un cargo de ${amount}.`,
    confirm: 'Confirmar pago',
    cancel: 'Cancelar pago',
    done: (ok: boolean) => `Este pago ya fue ${ok ? 'confirmado' : 'cancelado'}.`,
  },
  card: {
    title: 'Confirmar tarjeta',
    ask: (card: string) => `Tu banco pide confirmar que la tarjeta ${card} es tuya. No se hará ningún cargo.`,
    confirm: 'Confirmar tarjeta',
    cancel: 'No es mi tarjeta',
    done: (ok: boolean) => `Esta tarjeta ya fue ${ok ? 'confirmada' : 'rechazada'}.`,
  },
  back: 'Al responder, vuelves a ArreglaYa.',
} as const;
