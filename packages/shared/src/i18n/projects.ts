// Projects and quotes (issue 13): the new-project form, Mis Proyectos, the open project list,
// Make Offer, comparing and deciding offers, the work after hiring, and their mails
// (spec §2, §4, §5, §7, §8).

export const projects = {
  // The new-project form (/nuevoproyecto) and its save messages (spec §8).
  created: 'Proyecto creado con éxito.',
  updated: 'Proyecto actualizado con éxito.',
  deleted: 'Proyecto eliminado con éxito.',
  cancelled: 'Proyecto cancelado con éxito.',
  saveError: 'Error al registrar el proyecto.',
  titleLeft: (left: number) => `Quedan ${left} caracteres`,
  startDateInPast: 'La fecha de inicio no puede estar en el pasado.',
  invalidDate: 'Fecha inválida.',
  cityNotInCountry: 'Seleccione una ciudad de la lista.',
  // Photos (spec §5: 8 MB, jpeg/png, one at a time, main image first).
  tooManyPhotos: (max: number) => `Un proyecto admite hasta ${max} fotos.`,
  photoAdded: 'Foto agregada con éxito.',
  photoRemoved: 'Foto eliminada con éxito.',
  photosReordered: 'Orden de las fotos actualizado.',
  photoOrderMismatch: 'La lista debe tener exactamente las fotos del proyecto.',
  // Mis Proyectos (/perfil/proyectos).
  myProjectsTitle: 'Mis Proyectos',
  loading: 'Cargando...',
  empty: 'No hay proyectos registrados.',
  requestService: 'Solicitar Servicio',
  servicesUsed: 'Servicios Utilizados',
  offers: (count: number) => (count === 1 ? '1 oferta' : `${count} ofertas`),
  nextActions: {
    see_offers: 'Ver ofertas',
    fund: 'Pagar protección',
    approve: 'Aprobar trabajo',
    review: 'Comentar',
  },
  // The open project list (/projectlist).
  listTitle: 'Proyectos Disponibles',
  listEmpty: 'Todavía no hay proyectos registrados.',
  sortNewest: 'Más Recientes',
  sortOldest: 'Más Antiguos',
  allLocations: 'Todas las ubicaciones',
  contactHidden: 'Los datos de contacto del cliente se muestran cuando acepta tu oferta.',
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
  },
  statusChanged: {
    in_progress: 'Trabajo marcado en progreso.',
    delivered: 'Trabajo marcado como entregado.',
    completado: 'Trabajo aprobado. ¡Gracias!',
    disputed: 'Reclamación abierta. Nuestro equipo te escribirá pronto.',
  },
  claimReasonRequired: 'Cuéntanos qué pasó.',
  // A contractor's portfolio (/profile/nuevoproyecto, 'Registrar Proyecto').
  portfolio: {
    title: 'Registrar Proyecto',
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
  stagesMustSum100: 'Las etapas deben sumar 100 %.',
  stagesCount: 'Un plan por etapas tiene de 2 a 5 etapas.',
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
  startDate: (date: string) => `Fecha de inicio: ${date}`,
  price: (price: string) => `Precio: ${price}`,
  offerDescription: (description: string) => `Oferta: ${description}`,
  contractor: (name: string, phone: string | null, email: string) => `Contratista: ${name}${phone ? ` · ${phone}` : ''} · ${email}`,
  newQuote: {
    subject: 'ArreglaYa - Nueva Oferta a tu proyecto',
    title: 'Nueva Oferta a tu proyecto',
    intro: (name: string) => `${name} te envió una oferta.`,
    accept: 'Aprobar oferta',
    reject: 'Rechazar oferta',
    seeAll: 'Ver todas las ofertas',
  },
  quoteAccepted: {
    subject: 'ArreglaYa - Tu oferta fue aceptada',
    title: 'Tu oferta fue aceptada',
    intro: (title: string) => `El cliente aceptó tu oferta para «${title}». Ya pueden ver sus datos de contacto y conversar.`,
    client: (name: string, phone: string | null, email: string) => `Cliente: ${name}${phone ? ` · ${phone}` : ''} · ${email}`,
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
    accepted: (name: string, price: string) => `${name} aceptó tu contraoferta de ${price}.`,
    declined: (name: string) => `${name} no aceptó tu contraoferta.`,
  },
  quoteExpired: {
    subject: 'ArreglaYa - Tu oferta venció',
    title: 'Tu oferta venció',
    intro: (title: string) => `Tu oferta para «${title}» venció sin respuesta del cliente. Puedes enviar una nueva mientras el proyecto siga abierto.`,
  },
  projectAssigned: {
    subject: 'ArreglaYa - Proyecto asignado',
    title: 'Proyecto asignado',
    intro: (title: string, name: string) => `Asignaste «${title}» a ${name}.`,
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
} as const;
