import type { Currency } from '../domain.ts';
import { CURRENCY_NAMES, offerPriceLabel } from './common.ts';
import { formatDay } from '../format-dates.ts';
// Projects and quotes (issue 13): the new-project form, Mis proyectos, the open project list,
// Make Offer, comparing and deciding offers, the work after hiring, and their mails
// (spec §2, §4, §5, §7, §8).

export const projects = {
  // The new-project form (/nuevoproyecto) and its save messages (spec §8).
  created: 'Proyecto creado con éxito.',
  updated: 'Proyecto actualizado con éxito.',
  deleted: 'Proyecto eliminado con éxito.',
  cancelled: 'Proyecto cancelado con éxito.',
  /** The project save refused without a field to point at (spec §8 'Error adding project'; the form shows the reason). */
  saveError: (error: string) => `Error al registrar el proyecto. - ${error}`,
  titleLeft: (left: number) => `Quedan ${left} caracteres`,
  startDateInPast: 'La fecha de inicio no puede estar en el pasado.',
  invalidDate: 'Fecha inválida.',
  cityNotInCountry: 'Elige una ciudad de la lista.',
  // Photos (spec §5: 8 MB, jpeg/png, one at a time, main image first).
  tooManyPhotos: (max: number) => `Un proyecto admite hasta ${max} fotos.`,
  photoAdded: 'Foto agregada con éxito.',
  photoRemoved: 'Foto eliminada con éxito.',
  photosReordered: 'Orden de las fotos actualizado.',
  photoOrderMismatch: 'La lista debe tener exactamente las fotos del proyecto.',
  // Mis proyectos (/perfil/proyectos).
  myProjectsTitle: 'Mis proyectos',
  loading: 'Cargando...',
  empty: 'No hay proyectos registrados.',
  requestService: 'Solicitar servicio',
  servicesUsed: 'Servicios utilizados',
  offers: (count: number) => (count === 1 ? '1 oferta' : `${count} ofertas`),
  nextActions: {
    see_offers: 'Ver ofertas',
    fund: 'Pagar protección',
    approve: 'Aprobar trabajo',
    review: 'Escribir reseña',
  },
  // The open project list (/projectlist).
  listTitle: 'Proyectos disponibles',
  listEmpty: 'Todavía no hay proyectos registrados.',
  sortNewest: 'Más recientes',
  sortOldest: 'Más antiguos',
  allLocations: 'Todas las ubicaciones',
  contactHidden: 'Los datos de contacto del cliente se muestran cuando acepta tu oferta y el pago para empezar queda retenido.',
  // Refusals.
  notFound: 'No encontramos este proyecto.',
  notYours: 'Este proyecto no es tuyo.',
  /** Every forbidden transition says why, in the person's words (409). */
  refused: {
    edit: 'Solo puedes editar un proyecto abierto que todavía no tiene una oferta aceptada.',
    quote: 'Este proyecto ya no recibe ofertas.',
    assign: 'Este proyecto ya no está abierto: no se puede aceptar otra oferta.',
    cancel: 'Este proyecto ya no se puede cancelar ni eliminar.',
    start: 'Solo puedes empezar un trabajo que te asignaron y que aún no empezó.',
    deliver: 'Solo puedes entregar un trabajo en progreso.',
    add_delivery_photo: 'Solo puedes agregar fotos de un trabajo en progreso.',
    approve: 'Solo puedes aprobar un trabajo entregado.',
    claim: 'Solo puedes abrir una reclamación de un trabajo en progreso o entregado.',
    auto_approve: 'Este trabajo ya no espera aprobación.',
    decide_release: 'Este proyecto no está en reclamación.',
    decide_refund: 'Este proyecto no está en reclamación.',
    cancel_hired: 'Solo se puede cancelar así un proyecto asignado que aún no empezó.',
    cancel_hire: 'Solo puedes cancelar la contratación de un proyecto asignado que aún no empezó.',
    withdraw_hire: 'Solo puedes retirarte de un trabajo asignado que aún no empezó.',
    lapse_hire: 'Esta contratación ya no espera el pago.',
  },
  /** Payment protection (issue 29): a move the money does not allow yet (409), naming what is due. */
  moneyRefused: {
    start: (due: string) => `Todavía no puedes empezar: el cliente debe pagar ${due} para que el dinero quede retenido en la protección de pagos.`,
    add_delivery_photo: (due: string) => `Todavía no puedes agregar fotos de entrega: el cliente debe pagar ${due} para empezar.`,
    deliver: (due: string) => `Todavía no puedes marcar el trabajo como entregado: el cliente debe pagar ${due} de las etapas pendientes.`,
    approve: (due: string) => `Todavía no se puede aprobar: falta pagar ${due} del precio acordado para que el pago quede retenido completo.`,
    auto_approve: (due: string) => `No se aprueba automáticamente: falta pagar ${due} del precio acordado.`,
    /** Undoing a hire once money is held: only the team can cancel it with a refund. */
    funded: 'Ya hay dinero retenido para este trabajo. Para cancelarlo, escríbenos y lo resolvemos con un reembolso completo.',
    paymentUnderWay: 'Hay un pago en curso para este proyecto. Espera a que termine e inténtalo de nuevo.',
  },
  /** Ending a hire before it is funded (the client cancels, the contractor steps back). */
  hireEnd: {
    cancelled: 'Cancelaste la contratación. Tu proyecto vuelve a recibir ofertas.',
    withdrawn: 'Te retiraste del trabajo. El cliente fue avisado.',
  },
  statusChanged: {
    in_progress: 'Trabajo marcado en progreso.',
    delivered: 'Trabajo marcado como entregado.',
    completado: 'Trabajo aprobado. ¡Gracias!',
    disputed: 'Reclamación abierta. Nuestro equipo te escribirá pronto.',
  },
  claimReasonRequired: 'Cuéntanos qué pasó.',
  // A contractor's portfolio (/profile/nuevoproyecto, 'Registrar proyecto').
  portfolio: {
    title: 'Registrar proyecto',
    saved: 'Registro realizado con éxito.',
    updated: 'Registro actualizado con éxito.',
    deleted: 'Proyecto eliminado de tu portafolio.',
    dateInFuture: 'La fecha no puede estar en el futuro.',
    notFound: 'No encontramos este trabajo en tu portafolio.',
    tooMany: (max: number) => `Tu portafolio admite hasta ${max} trabajos.`,
  },
} as const;

export const quotes = {
  // Make Offer (spec §2 Modals, §5 Bid, §8).
  sent: 'Tu oferta fue enviada al cliente.',
  sendError: (error: string) => `Error al registrar la oferta. - ${error}`,
  priceMustBePositive: 'Precio tiene que ser mayor que cero.',
  priceTooHigh: 'El precio es demasiado alto.',
  /** An offer in another currency than its project's country's (issue 48): the comparison would sort US$1,000 below RD$20,000. */
  currencyNotProject: (currency: Currency) => `La oferta tiene que estar en la moneda del proyecto: ${CURRENCY_NAMES[currency]} (${currency}).`,
  stagesMustSum100: 'Las etapas deben sumar 100 %.',
  stagesCount: 'Un plan por etapas tiene de 2 a 5 etapas.',
  stagesTooSmall: 'Con este precio alguna etapa quedaría en cero: sube el precio o cambia los porcentajes.',
  counterStagesTooSmall: 'Con este precio alguna etapa del plan quedaría en cero: propón un precio mayor.',
  /** A contractor the directory does not list cannot bid: the client would see an offer from nobody. */
  descriptionTooShort: (min: number) => `La descripción debe tener al menos ${min} caracteres: di qué incluye tu oferta.`,
  profileIncomplete: 'Completa tu perfil (tu nombre, al menos un servicio y tu ciudad) antes de enviar ofertas: el cliente lo verá junto a tu oferta.',
  withdrawn: 'Oferta retirada.',
  accepted: 'Oferta aceptada. El proyecto quedó asignado.',
  rejected: 'Oferta rechazada.',
  countered: 'Contraoferta enviada al contratista.',
  counterAccepted: 'Aceptaste la contraoferta. El cliente puede aceptar tu oferta con el nuevo precio.',
  counterDeclined: 'Rechazaste la contraoferta.',
  notFound: 'No encontramos esta oferta.',
  /** Every forbidden quote transition says why (409). */
  refused: {
    closed: 'Esta oferta ya no está abierta.',
    expired: 'Esta oferta venció.',
    noCounter: 'Esta oferta no tiene una contraoferta pendiente.',
    counterPending: 'Esta oferta tiene una contraoferta sin responder.',
  },
  // Mail links (single use; GET shows, POST confirms).
  linkInvalid: 'Este enlace no es válido o ya fue usado.',
  linkConfirmAccept: '¿Aceptar esta oferta?',
  linkConfirmReject: '¿Rechazar esta oferta?',
} as const;

/** Mails and inbox notifications of projects and quotes (spec §3 e-mail container, §7). */
export const projectMail = {
  footer: 'Recibes este correo porque tienes activadas las notificaciones inmediatas. Puedes cambiarlo en Notificaciones de tu perfil.',
  greeting: (firstName: string) => (firstName ? `Hola ${firstName}:` : 'Hola:'),
  project: (title: string) => `Proyecto: ${title}`,
  projectDescription: (description: string) => `Descripción: ${description}`,
  /** A project's start date ('2026-12-05'), written as every date is (format-dates.ts): the offer mail passes the stored day. */
  startDate: (date: string, locale?: string) => `Fecha de inicio: ${formatDay(date, locale)}`,
  price: (price: string) => `Precio: ${price}`,
  offerDescription: (description: string) => `Oferta: ${description}`,
  contractor: (name: string, phone: string | null, email: string) => `Contratista: ${name}${phone ? ` · ${phone}` : ''} · ${email}`,
  /** Before the money to begin is held, a person is named without contact details (issue 29). */
  contractorName: (name: string) => `Contratista: ${name}`,
  newQuote: {
    subject: 'ArreglaYa - Nueva oferta a tu proyecto',
    title: 'Nueva oferta a tu proyecto',
    /** Names the project (issue 55: a client with several could not tell which). */
    intro: (name: string, title: string) => `${name} te envió una oferta para «${title}».`,
    accept: 'Aprobar oferta',
    reject: 'Rechazar oferta',
    seeAll: 'Ver todas las ofertas',
  },
  quoteAccepted: {
    subject: 'ArreglaYa - Tu oferta fue aceptada',
    title: 'Tu oferta fue aceptada',
    intro: (title: string) => `El cliente aceptó tu oferta para «${title}». Conversen por el chat de ArreglaYa.`,
    client: (name: string, phone: string | null, email: string) => `Cliente: ${name}${phone ? ` · ${phone}` : ''} · ${email}`,
    /** The contractor waits for the money: contact details and the start come with it. */
    waitForPayment: (amount: string, by: string) =>
      `No empieces todavía: cuando el cliente pague ${amount} (tiene hasta el ${by}), el dinero quedará retenido en ArreglaYa, te avisaremos y verán sus datos de contacto.`,
  },
  /** Sent to both when the money to begin is held: the other's contact details. */
  contactShared: {
    subject: 'ArreglaYa - Datos de contacto',
    title: 'Ya pueden contactarse',
    intro: (title: string) => `El pago para empezar «${title}» está retenido. Estos son los datos de contacto:`,
    /** The place, sector first ('Los Mina, Santo Domingo Este, Santo Domingo'). */
    address: (place: string) => `Dirección: ${place}`,
    addressOnPage: 'La calle, el número y el punto de referencia están en la página del proyecto.',
  },
  /** A hire that ended before funding: by the client, by the contractor, or because the time to pay passed. */
  hireEnded: {
    subject: 'ArreglaYa - Contratación cancelada',
    title: 'Contratación cancelada',
    byClient: (title: string) => `El cliente canceló la contratación de «${title}» antes de pagar. No se cobró nada.`,
    byContractor: (title: string, name: string) => `${name} se retiró de «${title}» antes de empezar. Tu proyecto vuelve a recibir ofertas; no se cobró nada.`,
    lapsedContractor: (title: string, hours: number) => `El cliente no pagó «${title}» en ${hours} horas, así que la contratación terminó. No empieces este trabajo.`,
    lapsedClient: (title: string, hours: number) => `No recibimos el pago de «${title}» en ${hours} horas, así que la contratación terminó. Tu proyecto vuelve a recibir ofertas.`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },
  quoteRejected: {
    subject: 'ArreglaYa - Tu oferta no fue elegida',
    title: 'Tu oferta no fue elegida',
    intro: (title: string) => `El cliente no eligió tu oferta para «${title}».`,
    otherChosen: (title: string) => `El cliente eligió otra oferta para «${title}».`,
    comment: (comment: string) => `Comentario del cliente: ${comment}`,
  },
  quoteCountered: {
    subject: 'ArreglaYa - Contraoferta a tu oferta',
    title: 'Contraoferta a tu oferta',
    intro: (title: string, price: string) => `El cliente propone ${price} por «${title}».`,
  },
  counterAnswered: {
    subject: 'ArreglaYa - Respuesta a tu contraoferta',
    title: 'Respuesta a tu contraoferta',
    accepted: (name: string, price: string, title: string) => `${name} aceptó tu contraoferta de ${price} para «${title}».`,
    declined: (name: string, title: string) => `${name} no aceptó tu contraoferta para «${title}».`,
  },
  quoteExpired: {
    subject: 'ArreglaYa - Tu oferta venció',
    title: 'Tu oferta venció',
    intro: (title: string) => `Tu oferta para «${title}» venció sin respuesta del cliente. Puedes enviar una nueva mientras el proyecto siga abierto.`,
  },
  // A ban or an account deletion withdrew the offer (decision 023): the client is told, never why.
  offerWithdrawn: {
    subject: 'ArreglaYa - Una oferta ya no está disponible',
    title: 'Una oferta ya no está disponible',
    someone: 'un contratista',
    intro: (title: string, name: string) => `La oferta de ${name} para «${title}» ya no está disponible. Puedes comparar las otras ofertas de tu proyecto o esperar nuevas.`,
  },
  // A ban or an account deletion closed the client's open project (issue 29): each contractor
  // with an open offer on it is told, never why.
  projectClosed: {
    subject: 'ArreglaYa - Un proyecto ya no está disponible',
    title: 'Un proyecto ya no está disponible',
    intro: (title: string) =>
      `El proyecto «${title}» ya no está disponible y tu oferta quedó cerrada. No tienes que hacer nada: puedes ofrecer tus servicios en otros proyectos abiertos.`,
    seeOpen: 'Ver proyectos disponibles',
    /** A hire that ended before payment because the project closed. */
    hireEnded: (title: string) => `La contratación de «${title}» terminó antes del pago: el proyecto ya no está disponible. No empieces este trabajo; no se cobró nada.`,
  },
  projectAssigned: {
    subject: 'ArreglaYa - Proyecto asignado',
    title: 'Proyecto asignado',
    intro: (title: string, name: string) => `Asignaste «${title}» a ${name}.`,
    /** The client's next step: pay, or the hire lapses. */
    payNow: (amount: string, by: string) =>
      `Paga ${amount} antes del ${by} para que el trabajo empiece: ArreglaYa retiene el dinero y lo libera cuando apruebes el trabajo. Si no pagas a tiempo, la contratación se cancela.`,
  },
  projectFunded: {
    subject: 'ArreglaYa - Pago protegido recibido',
    title: 'Pago protegido recibido',
    intro: (title: string, amount: string) => `El cliente pagó ${amount} para «${title}». ArreglaYa retiene el pago y lo libera cuando el cliente apruebe el trabajo.`,
  },
  /** Cash and transfer (decision 051): how to pay, a transfer paid in part, a due time passed. */
  paymentInstructions: {
    subject: 'ArreglaYa - Cómo completar tu pago',
    title: 'Cómo completar tu pago',
    // The project first: a notice's text is cut at 200 characters and an SMS from its end.
    transfer: (title: string, amount: string, bank: string, account: string, holder: string, taxId: string, reference: string, by: string) =>
      `Para «${title}», transfiere ${amount} a ${bank}, cuenta ${account}, a nombre de ${holder} (RNC ${taxId}), con la referencia ${reference} en el concepto, antes del ${by}. El dinero queda retenido cuando llegue.`,
    cash: (title: string, amount: string, number: string, company: string, by: string) =>
      `Para «${title}», paga ${amount} en efectivo en cualquier sucursal o subagente de ${company} con el comprobante número ${number}, antes del ${by}. El dinero queda retenido cuando el banco confirme el pago.`,
    /** SPEI (decision 067): a transfer from the client's bank to a CLABE of this payment alone. */
    spei: (title: string, amount: string, clabe: string, by: string) =>
      `Para «${title}», transfiere ${amount} por SPEI a la CLABE ${clabe}, antes del ${by}. El dinero queda retenido cuando el banco confirme el pago.`,
    /** PSE: the client authorises the debit at her bank's site. */
    pse: (title: string, amount: string, by: string) =>
      `Para «${title}», autoriza el pago de ${amount} con PSE en el sitio de tu banco antes del ${by}. El dinero queda retenido cuando el banco confirme el pago.`,
  },
  paymentPartial: {
    subject: 'ArreglaYa - Falta parte de tu transferencia',
    title: 'Falta parte de tu transferencia',
    intro: (title: string, received: string, missing: string, reference: string) =>
      `Para «${title}», recibimos ${received} con la referencia ${reference}. Faltan ${missing}: transfiérelos con la misma referencia. Hasta completar el monto no se retiene nada.`,
  },
  paymentExpired: {
    subject: 'ArreglaYa - Tu pago venció',
    title: 'Tu pago venció',
    /** How it was to be paid: a cash voucher, a transfer to ArreglaYa's account, or from the client's bank (PSE, SPEI). */
    intro: (title: string, way: 'cash' | 'transfer' | 'bank') =>
      way === 'cash'
        ? `El plazo para pagar «${title}» en efectivo terminó sin recibir el pago. No se retuvo nada.`
        : way === 'bank'
          ? `El plazo para pagar «${title}» desde tu banco terminó sin que el banco confirmara el pago. No se retuvo nada.`
          : `El plazo para pagar «${title}» por transferencia terminó sin recibir el monto completo. Si pagaste parte, te la devolvemos.`,
  },
  projectStarted: {
    subject: 'ArreglaYa - Trabajo en progreso',
    title: 'Trabajo en progreso',
    intro: (title: string, name: string) => `${name} empezó el trabajo de «${title}».`,
  },
  projectDelivered: {
    subject: 'ArreglaYa - Trabajo entregado',
    title: 'Trabajo entregado',
    intro: (title: string, name: string) => `${name} marcó «${title}» como entregado. Revísalo y apruébalo, o abre una reclamación dentro de 7 días.`,
    note: (note: string) => `Nota del contratista: ${note}`,
    approve: 'Revisar y aprobar',
  },
  projectApproved: {
    subject: 'ArreglaYa - Trabajo aprobado',
    title: 'Trabajo aprobado',
    intro: (title: string) => `El cliente aprobó el trabajo de «${title}». ¡Felicidades!`,
    automatically: (title: string, days: number) => `El trabajo de «${title}» quedó aprobado automáticamente: pasaron ${days} días desde la entrega sin reclamaciones.`,
  },
  projectDisputed: {
    subject: 'ArreglaYa - Reclamación abierta',
    title: 'Reclamación abierta',
    intro: (title: string) => `El cliente abrió una reclamación sobre «${title}». Nuestro equipo los contactará.`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },
  claimDecided: {
    subject: 'ArreglaYa - Reclamación resuelta',
    title: 'Reclamación resuelta',
    release: (title: string) => `Nuestro equipo resolvió la reclamación sobre «${title}»: el pago retenido se libera al contratista.`,
    refund: (title: string) => `Nuestro equipo resolvió la reclamación sobre «${title}»: el pago retenido se devuelve al cliente.`,
    split: (title: string, percent: number) =>
      `Nuestro equipo resolvió la reclamación sobre «${title}»: el ${percent} % del pago retenido se libera al contratista y el resto se devuelve al cliente.`,
    reason: (note: string) => `Razón de la decisión: ${note}`,
  },
  projectCancelled: {
    subject: 'ArreglaYa - Proyecto cancelado',
    title: 'Proyecto cancelado',
    intro: (title: string) => `El proyecto «${title}» quedó cancelado. Lo que estaba pagado se devuelve completo a la tarjeta del cliente.`,
  },
  open: 'Ver proyecto',
  digest: {
    subject: 'ArreglaYa - Nuevos proyectos para ti',
    title: 'Nuevos proyectos para ti',
    intro: (count: number) => (count === 1 ? 'Ayer se publicó 1 proyecto de tus servicios en tu zona:' : `Ayer se publicaron ${count} proyectos de tus servicios en tu zona:`),
    item: (title: string, city: string, startDate: string) => `• ${title} (${city}, inicio: ${startDate})`,
    more: (count: number) => (count === 1 ? 'y 1 más.' : `y ${count} más.`),
    seeAll: 'Ver proyectos disponibles',
    footer: 'Recibes este resumen porque tienes activadas las notificaciones de proyectos nuevos. Puedes cambiarlo en Notificaciones de tu perfil.',
  },
  /** The contractor's immediate alert of a new project of their services and city (decision 036). */
  newProjectAlert: {
    subject: (title: string) => `ArreglaYa - Nuevo proyecto: ${title}`,
    title: 'Nuevo proyecto de tus servicios',
    intro: 'Un cliente acaba de publicar un proyecto de tus servicios en tu ciudad:',
    details: (title: string, services: string, place: string, startDate: string) => `${title}\nServicio: ${services}\nLugar: ${place}\nInicio: ${startDate}`,
    see: 'Ver el proyecto y ofertar',
    footer: 'Recibes este correo porque tienes activadas las alertas inmediatas. Puedes cambiarlo en Notificaciones de tu perfil.',
  },
  /** The client's "Coincidencias": contractors who fit the project just published (decision 036). */
  projectMatches: {
    subject: 'ArreglaYa - Profesionales para tu proyecto',
    title: 'Profesionales que encajan con tu proyecto',
    intro: (title: string) => `Publicaste «${title}». Estos profesionales ofrecen ese servicio cerca de ti:`,
    item: (name: string, city: string, rating: string, completed: number) =>
      `• ${name} (${city}) · ${rating} · ${completed === 1 ? '1 proyecto completado' : `${completed} proyectos completados`}`,
    noRating: 'sin reseñas aún',
    rating: (avg: string, count: number) => `${avg} ★ (${count === 1 ? '1 reseña' : `${count} reseñas`})`,
    profile: (name: string) => `Ver perfil de ${name}`,
    footer: 'Recibes este correo porque tienes activadas las coincidencias. Puedes cambiarlo en Notificaciones de tu perfil.',
  },
} as const;

/** The client's web pages of projects and offers: /nuevoproyecto, Mis proyectos, /proyectos/:id, the mail-link page. */
export const projectsWeb = {
  form: {
    newTitle: 'Solicitar servicio',
    editTitle: 'Editar proyecto',
    intro: 'Cuéntanos qué necesitas y los contratistas te enviarán sus ofertas.',
    services: 'Servicios que necesitas',
    title: 'Título',
    propertyType: 'Tipo de propiedad',
    choose: 'Elige una opción',
    description: 'Descripción',
    charsLeft: (left: number) => `Quedan ${left} caracteres`,
    startDate: 'Fecha de inicio',
    intention: '¿Qué buscas?',
    intentions: { ready: 'Quiero hacer el trabajo', quoting: 'Solo quiero cotizar' },
    city: 'Ciudad',
    zone: 'Zona (opcional)',
    noZone: 'Sin zona',
    /** The job's address (decision 049): private until the money to begin is held. */
    street: 'Calle y número',
    streetHint: 'Ej.: Calle 8 #25, Apto 2B. Solo la verá el contratista que contrates, cuando tu pago para empezar quede retenido.',
    reference: 'Punto de referencia (opcional)',
    referenceHint: 'Ej.: frente a la farmacia, al lado del colmado.',
    photos: 'Fotos',
    photosHint: (max: number) => `Hasta ${max} fotos JPG, PNG o WebP de 8 MB como máximo. La primera es la principal.`,
    addPhoto: 'Agregar foto',
    photoAlt: (n: number) => `Foto ${n} del proyecto`,
    mainPhoto: 'Principal',
    moveUp: (n: number) => `Mover la foto ${n} antes`,
    moveDown: (n: number) => `Mover la foto ${n} después`,
    removePhoto: (n: number) => `Quitar la foto ${n}`,
    progress: 'Formulario completado',
    progressText: (done: number) => `${done} de 6 campos completados`,
    save: 'Publicar proyecto',
    saveEdit: 'Guardar cambios',
    saving: 'Guardando...',
    signInFirst: 'Para publicar tu proyecto, inicia sesión o crea una cuenta. Guardamos lo que escribiste y tus fotos.',
    signIn: 'Iniciar sesión',
    signUp: 'Crear cuenta',
    clientsOnly: 'Solo los clientes pueden publicar proyectos.',
    notEditable: 'Este proyecto ya no se puede editar.',
    photosFailed: 'El proyecto se guardó, pero algunas fotos no se pudieron subir:',
    savedWithFailures: 'Tu proyecto ya está publicado. Reintenta o quita las fotos que no se subieron.',
    viewProject: 'Ver el proyecto',
    photosSaved: 'Fotos guardadas.',
  },
  list: {
    intro: 'Los proyectos que publicaste y sus ofertas.',
    filter: 'Estado',
    allStatuses: 'Todos',
    listLabel: 'Mis proyectos',
    startDate: (date: string) => `Inicio: ${date}`,
    status: 'Estado',
    open: 'Ver proyecto',
    edit: 'Editar',
    delete: 'Eliminar',
    cancel: 'Cancelar proyecto',
    confirmCancel: '¿Estás seguro de que quieres cancelar este proyecto? Las ofertas recibidas se rechazarán.',
    confirmYes: 'Sí, continuar',
    noPhoto: 'Sin foto',
    loadError: 'No pudimos cargar tus proyectos.',
    retry: 'Reintentar',
  },
  page: {
    notFoundTitle: 'Proyecto no encontrado',
    loadError: 'No pudimos cargar el proyecto.',
    photos: 'Fotos del proyecto',
    deliveryPhotos: 'Fotos del trabajo entregado',
    details: 'Detalles',
    services: 'Servicios',
    startDate: 'Fecha de inicio',
    propertyType: 'Tipo de propiedad',
    location: 'Ubicación',
    intention: 'Intención',
    status: 'Estado',
    publishedBy: (name: string) => `Publicado por ${name}`,
    contact: 'Datos de contacto',
    contractorContact: 'Tu contratista',
    clientContact: 'El cliente',
    email: 'Correo',
    phone: 'Teléfono',
    conversation: 'Ir a la conversación',
    deliveryNote: 'Nota de entrega',
    edit: 'Editar proyecto',
    back: 'Mis proyectos',
    /** Contact details wait for the money to begin (issue 29); the chat is open from the hire. */
    contactAfterPayment: 'Verás los datos de contacto del contratista cuando tu pago para empezar quede retenido. Mientras tanto, pueden conversar por el chat de ArreglaYa.',
    /** The job's address (decision 049): the client's own, the hired contractor's once the money to begin is held. */
    address: 'Dirección del trabajo',
    street: 'Calle y número',
    reference: 'Punto de referencia',
    addressPrivate: 'Solo tú la ves. El contratista que contrates la verá, con tu teléfono, cuando tu pago para empezar quede retenido.',
    noAddressEdit: 'Este proyecto no tiene calle ni número: edítalo para agregarlos.',
    noAddressChat: 'Este proyecto no tiene calle ni número: escríbeselos a tu contratista por el chat.',
    noAddressContractor: 'El cliente no dejó calle ni número en este proyecto. Pídeselos por el chat.',
    /** A client without a phone on her profile: the hired contractor is sent to the chat. */
    noPhone: 'No tiene teléfono en su perfil. Escríbele por el chat.',
  },
  offers: {
    title: 'Ofertas recibidas',
    none: 'Todavía no hay ofertas para este proyecto.',
    sort: 'Ordenar por',
    sorts: { price_asc: 'Precio: menor a mayor', price_desc: 'Precio: mayor a menor', rating: 'Mejor puntuación' },
    listLabel: 'Ofertas',
    price: 'Precio',
    counterPrice: 'Tu contraoferta',
    agreedPrice: 'Precio acordado',
    counterStatus: { pending: 'Esperando respuesta del contratista', accepted: 'Aceptada por el contratista', declined: 'Rechazada por el contratista' },
    validUntil: (date: string) => `Válida hasta ${date}`,
    message: 'Mensaje',
    plan: 'Plan por etapas',
    stage: (title: string, percent: number) => `${title}: ${percent} %`,
    reviews: (formatted: string, n: number) => (n === 1 ? `${formatted} reseña` : `${formatted} reseñas`),
    completed: (formatted: string, n: number) => (n === 1 ? `${formatted} proyecto completado` : `${formatted} proyectos completados`),
    status: 'Estado de la oferta',
    accept: 'Aceptar oferta',
    acceptConfirm: (name: string, price: string) => `¿Aceptar la oferta de ${name} por ${price}? El proyecto quedará asignado y las demás ofertas se rechazarán.`,
    reject: 'Rechazar',
    rejectTitle: 'Rechazar oferta',
    rejectComment: 'Comentario para el contratista (opcional)',
    counter: 'Contraoferta',
    counterTitle: 'Proponer otro precio',
    counterPriceLabel: offerPriceLabel,
    counterComment: 'Comentario (opcional)',
    send: 'Enviar',
    close: 'Cerrar',
    viewProfile: 'Ver perfil',
    /** An offer whose contractor the directory no longer lists (incomplete profile, suspended or deleted account; decision 023). */
    profileUnavailable: 'Perfil no disponible',
    /** A contractor's offers it replaced, shown on demand under the current one (issue 35). */
    showEarlier: (n: number) => (n === 1 ? 'Ver oferta anterior' : `Ver ofertas anteriores (${n})`),
    hideEarlier: 'Ocultar ofertas anteriores',
    earlierLabel: (name: string) => `Ofertas anteriores de ${name}`,
  },
  after: {
    title: 'Trabajo',
    approve: 'Aprobar trabajo',
    approveConfirm: '¿Aprobar el trabajo entregado? El proyecto quedará completado.',
    /** The approval releases what is held: the amount, the platform's fee and what the contractor receives. */
    approveRelease: (amount: string, fee: string, percent: string, net: string) =>
      `¿Aprobar el trabajo entregado? ArreglaYa liberará ${amount}: el contratista recibe ${net} y la comisión de ArreglaYa es ${fee} (${percent}). El proyecto quedará completado y no se puede deshacer.`,
    claim: 'Abrir reclamación',
    claimNote: '¿Qué pasó?',
  },
  /** Ending a hire before anything is paid: the client cancels it, the hired contractor steps back. */
  endHire: {
    cancel: 'Cancelar contratación',
    withdraw: 'Retirarme de este trabajo',
    cancelIntro: 'Mientras no hayas pagado, puedes cancelar esta contratación y volver a recibir ofertas.',
    withdrawIntro: 'Mientras el cliente no haya pagado, puedes retirarte de este trabajo sin costo.',
    cancelText: 'Tu proyecto volverá a recibir ofertas y avisaremos al contratista con tu motivo. No se cobra nada.',
    withdrawText: 'Avisaremos al cliente con tu motivo y su proyecto volverá a recibir ofertas. No se cobra nada.',
    reason: 'Motivo',
    reasonHint: 'La otra persona lo leerá en el aviso.',
    confirmCancel: 'Sí, cancelar contratación',
    confirmWithdraw: 'Sí, retirarme',
    keep: 'Volver',
    sending: 'Enviando…',
  },
  link: {
    title: 'Confirmar oferta',
    project: (title: string) => `Proyecto: ${title}`,
    accept: 'Sí, aceptar oferta',
    reject: 'Sí, rechazar oferta',
    comment: 'Comentario para el contratista (opcional)',
    seeProject: 'Ver proyecto',
    home: 'Ir al inicio',
  },
} as const;
