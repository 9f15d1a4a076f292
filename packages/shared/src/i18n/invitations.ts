// Invite your técnico (issue 50, item 5; decision 064): the client's form, the técnico's page
// /invitacion/<token>, the WhatsApp/SMS that carries the link, and the refusals.

export const invitations = {
  /** The client's form (/proyectos/invitar). */
  form: {
    title: 'Invitar a mi técnico',
    intro:
      '¿Ya tienes un técnico de confianza? Invítalo a ArreglaYa: le enviamos un enlace por WhatsApp o SMS, acepta el trabajo y tu dinero queda protegido hasta que apruebes el resultado.',
    tecnicoHeading: 'Tu técnico',
    name: 'Su nombre (como tú lo conoces)',
    phone: 'Su teléfono',
    phoneHint: 'Ejemplo: 809 555 1234. Le llegará un enlace por WhatsApp (o SMS).',
    workHeading: 'El trabajo',
    price: (currency: string) => `Precio acordado (${currency})`,
    priceHint: 'Lo que acordaste con él. Lo pagas a ArreglaYa y se le entrega cuando apruebes el trabajo.',
    submit: 'Enviar invitación',
    sending: 'Enviando…',
    sent: (name: string) => `Invitación enviada a ${name}. Te avisaremos cuando acepte el trabajo.`,
    link: 'Invitar a mi técnico',
    linkHint: '¿Ya tienes un técnico? Invítalo y paga protegido.',
  },
  /** The técnico's page. */
  page: {
    title: 'Te invitaron a un trabajo',
    invitedBy: (client: string) => `${client} te invita a hacer este trabajo en ArreglaYa.`,
    work: 'El trabajo',
    price: 'Precio acordado',
    place: 'Lugar',
    startDate: 'Fecha de inicio',
    protection: 'El cliente paga a ArreglaYa antes de que empieces y el dinero se te entrega cuando apruebe el trabajo.',
    joinHeading: 'Únete en menos de 5 minutos',
    name: 'Tu nombre y apellido',
    sendCode: 'Enviarme el código',
    codeSentTo: (number: string) => `Te enviamos un código de 6 dígitos al ${number}.`,
    code: 'Código de 6 dígitos',
    services: 'Tus servicios',
    servicesHint: 'Marca los trabajos que haces.',
    join: 'Unirme y ver el trabajo',
    laterNote: 'Tu cédula y tu cuenta de banco solo te las pedimos antes de tu primer cobro.',
    accept: 'Aceptar el trabajo',
    accepted: 'Aceptaste el trabajo. Te avisaremos cuando el cliente haya pagado para que empieces.',
    openJob: 'Ver el trabajo',
    signInHeading: 'Este número ya tiene una cuenta en ArreglaYa',
    signInText: 'Inicia sesión con tu cuenta para aceptar el trabajo. No crees otra cuenta.',
    signIn: 'Iniciar sesión',
    signedInAs: (name: string) => `Sesión iniciada como ${name}.`,
    loading: 'Cargando la invitación…',
    status: {
      sent: 'Pendiente',
      joined: 'Pendiente de aceptar',
      accepted: 'Aceptada: falta el pago del cliente',
      funded: 'Pagada: dinero protegido',
      expired: 'Vencida',
      cancelled: 'Cancelada',
    },
  },
  /** The client's card on his project's page (decision 071): the invitation's state and cancelling it. */
  client: {
    heading: 'Tu invitación',
    to: (name: string, last4: string) => `Para ${name} (teléfono terminado en ${last4})`,
    price: 'Precio acordado',
    state: 'Estado',
    expires: (date: string) => `El enlace vence el ${date}.`,
    cancel: 'Cancelar invitación',
    cancelling: 'Cancelando…',
    cancelConfirm: 'El enlace dejará de funcionar y el trabajo se cancelará. ¿Cancelar la invitación?',
    cancelled: 'Cancelaste la invitación. El enlace ya no funciona y el trabajo quedó cancelado.',
  },
  /** The WhatsApp template's SMS twin and the mail-like texts. */
  sms: (client: string, work: string, price: string, url: string) => `${client} te invita a un trabajo en ArreglaYa: ${work} por ${price}. Acéptalo aquí: ${url}`,
  /** Refusals (the API's messages). */
  errors: {
    notFound: 'Esta invitación no existe o el enlace está incompleto.',
    expired: 'Esta invitación venció. Pídele al cliente que te envíe otra.',
    used: 'Esta invitación ya fue usada.',
    cancelled: 'El cliente canceló esta invitación.',
    self: 'No puedes invitarte a ti mismo: ese es tu propio número.',
    notClient: 'Solo un cliente puede invitar a su técnico.',
    accountExists: 'Este número ya tiene una cuenta en ArreglaYa: inicia sesión para aceptar la invitación.',
    notYours: 'Esta invitación es para otro número de teléfono.',
    notContractor: 'Esta invitación es para un técnico: la cuenta con este número es de cliente.',
    noCode: 'Primero pide el código a tu teléfono.',
    sendFailed: 'No pudimos enviar el mensaje a ese número por WhatsApp ni por SMS. Revisa el número.',
    projectGone: 'El trabajo de esta invitación ya no está abierto.',
    /** Cancelling (decision 071): only while it is sent or joined. */
    alreadyCancelled: 'Esta invitación ya estaba cancelada.',
    notCancellable: 'Tu técnico ya aceptó el trabajo: la invitación no se puede cancelar. Si hace falta, cancela la contratación desde el proyecto.',
    expiredForClient: 'Esta invitación ya venció: no hace falta cancelarla.',
  },
  /** The console's card. */
  console: {
    title: 'Invitaciones a técnicos',
    sent: 'Enviadas',
    joined: 'Se unieron',
    funded: 'Pagadas',
  },
  /** The payout's refusal when the técnico has not given what a payout needs (decision 064). */
  payoutMissing: (missing: string[]) => `Antes de tu primer cobro necesitamos: ${missing.join(' y ')}. Complétalo en tu perfil.`,
  missingCedula: 'tu cédula',
  missingBank: 'tu cuenta de banco',
} as const;

/** The WhatsApp template that carries the link (Meta's utility category): client, work, price, link. */
export const WHATSAPP_INVITATION_TEMPLATE = {
  name: 'arreglaya_invitacion_tecnico',
  category: 'UTILITY',
  body: '{{1}} te invita a un trabajo en ArreglaYa: {{2}} por {{3}}. Mira el trabajo y acéptalo aquí: {{4}}',
  params: ['client', 'work', 'price', 'url'],
} as const;
