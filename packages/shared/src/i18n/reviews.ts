// Reviews both ways after a completed project: the Add Comment dialog (spec §4, §5, §8),
// /perfil/reviews ('Comentarios', spec §2), the public reply, the console's review queue and the mails.

const plural = (count: number, one: string, other: string) => (new Intl.PluralRules('es').select(count) === 'one' ? one : other);

export const reviews = {
  // The Add Comment dialog.
  add: 'Agregar comentario',
  edit: 'Editar comentario',
  dialogTitle: (name: string) => `Tu comentario sobre ${name}`,
  ratingLegend: 'Calificación',
  ratingOption: (n: number) => plural(n, `${n} estrella`, `${n} estrellas`),
  titleLabel: 'Título',
  commentsLabel: 'Comentarios',
  submit: 'Enviar',
  save: 'Guardar',
  cancel: 'Cancelar',
  /** Spec §8. */
  created: 'Tu reseña fue enviada. Gracias por tu comentario. Nos ayuda a mejorar el sistema.',
  updated: 'Comentario actualizado. Lo publicaremos cuando nuestro equipo lo revise.',
  pendingNote: 'Tu comentario está pendiente de revisión; puedes editarlo hasta entonces.',
  approvedNote: 'Tu comentario fue publicado.',
  rejectedNote: (reason: string) => `Tu comentario no fue publicado. Motivo: ${reason}`,
  saveError: 'No pudimos guardar tu comentario. Inténtalo de nuevo.',

  // Refusals (API).
  notFound: 'No encontramos este comentario.',
  projectNotFound: 'No encontramos este proyecto.',
  notYourProject: 'Solo el cliente y el contratista de un proyecto pueden comentarlo.',
  notCompleted: 'Podrás comentar cuando el proyecto esté completado.',
  alreadyReviewed: 'Ya comentaste este proyecto. Puedes editar tu comentario mientras esté pendiente.',
  notYourReview: 'Solo su autor puede editar este comentario.',
  alreadyModerated: 'Este comentario ya fue revisado y no se puede editar.',
  notYourReply: 'Solo la persona comentada puede responder.',
  replyNotPublished: 'Solo puedes responder a un comentario publicado.',
  alreadyReplied: 'Ya respondiste a este comentario.',
  notPending: 'Este comentario ya fue revisado.',

  // /perfil/reviews.
  page: {
    title: 'Reseñas',
    tabsLabel: 'Reseñas',
    about: 'Sobre ti',
    by: 'De ti',
    tabCount: (label: string, formatted: string) => `${label} (${formatted})`,
    ratingSummary: (average: string, formatted: string, count: number) => `${average} de 5 · ${formatted} ${plural(count, 'comentario', 'comentarios')}`,
    noRating: 'Todavía no tienes calificación.',
    sortLabel: 'Ordenar por',
    sorts: { newest: 'Más recientes', oldest: 'Más antiguos', highest: 'Mejor calificación', lowest: 'Peor calificación' },
    /** Spec §2. */
    empty: 'No hay comentarios registrados.',
    loadError: 'No pudimos cargar los comentarios. Inténtalo de nuevo.',
    retry: 'Reintentar',
    byName: (name: string) => `De ${name}`,
    aboutName: (name: string) => `Sobre ${name}`,
    project: (title: string) => `Proyecto: ${title}`,
    status: { pending: 'Pendiente de revisión', approved: 'Publicado', rejected: 'No publicado' },
    rejectedReason: (reason: string) => `Motivo: ${reason}`,
    stars: (n: number) => `${n} de 5 estrellas`,
    listLabel: 'Lista de comentarios',
  },

  // The reply.
  reply: {
    action: 'Responder',
    label: 'Tu respuesta pública',
    submit: 'Publicar respuesta',
    cancel: 'Cancelar',
    heading: 'Respuesta',
    done: 'Respuesta publicada.',
  },

  // The console's queue (/admin/resenas).
  admin: {
    title: 'Reseñas por revisar',
    intro: 'Comentarios pendientes, los más antiguos primero. Solo los aprobados cuentan en las calificaciones y se muestran.',
    empty: 'No hay comentarios pendientes.',
    pendingCount: (formatted: string, n: number) => plural(n, `${formatted} pendiente`, `${formatted} pendientes`),
    approve: 'Aprobar',
    reject: 'Rechazar',
    rejectTitle: 'Rechazar comentario',
    reasonLabel: 'Motivo (se envía al autor)',
    reasonRequired: 'Escribe el motivo del rechazo.',
    confirmReject: 'Rechazar comentario',
    cancel: 'Cancelar',
    approved: 'Comentario aprobado y publicado.',
    rejected: 'Comentario rechazado. Avisamos a su autor.',
    from: (author: string, subject: string) => `De ${author} sobre ${subject}`,
    loadError: 'No pudimos cargar la cola. Inténtalo de nuevo.',
    actionError: 'No pudimos completar la acción. Inténtalo de nuevo.',
    retry: 'Reintentar',
    listLabel: 'Comentarios pendientes',
  },
} as const;

export const reviewMail = {
  greeting: (first: string) => `Hola ${first},`,
  footer: 'Recibes este correo porque tienes una cuenta en ArreglaYa.',
  open: 'Ver comentarios',
  approved: {
    subject: 'ArreglaYa - Tu comentario fue publicado',
    title: 'Tu comentario fue publicado',
    intro: (project: string) => `Tu comentario sobre el proyecto «${project}» fue aprobado y ya es público. ¡Gracias!`,
  },
  rejected: {
    subject: 'ArreglaYa - Tu comentario no fue publicado',
    title: 'Tu comentario no fue publicado',
    intro: (project: string) => `Revisamos tu comentario sobre el proyecto «${project}» y no lo publicamos.`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },
  published: {
    subject: 'ArreglaYa - Tienes un nuevo comentario',
    title: 'Tienes un nuevo comentario',
    intro: (author: string, project: string, rating: number) => `${author} comentó el proyecto «${project}» y te calificó con ${rating} de 5 estrellas.`,
    replyHint: 'Puedes responder una vez, públicamente, desde tus comentarios.',
  },
} as const;
