// Reviews both ways after a completed project: the Add Comment dialog (spec §4, §5, §8),
// /perfil/reviews (spec §2's 'Comentarios'), the public reply, the console's review queue and the mails.
// A review is a 'reseña' everywhere, never a 'comentario' (a word the chat's messages share); only
// the text field under the stars keeps 'Comentarios' (docs/spec-decisions.md).

import { plural } from '../plural.ts';
import { reviewVotes } from './review-votes.ts';

export const reviews = {
  // The Add Comment dialog.
  add: 'Escribir reseña',
  edit: 'Editar reseña',
  dialogTitle: (name: string) => `Tu reseña sobre ${name}`,
  ratingLegend: 'Calificación',
  ratingOption: (n: number) => plural(n, `${n} estrella`, `${n} estrellas`),
  titleLabel: 'Título',
  commentsLabel: 'Comentarios',
  submit: 'Enviar',
  save: 'Guardar',
  cancel: 'Cancelar',
  /** Spec §8. */
  created: 'Tu reseña fue enviada. Gracias por tu opinión. Nos ayuda a mejorar el sistema.',
  updated: 'Reseña actualizada. La publicaremos cuando nuestro equipo la revise.',
  pendingNote: 'Tu reseña está pendiente de revisión; puedes editarla hasta entonces.',
  approvedNote: 'Tu reseña fue publicada.',
  rejectedNote: (reason: string) => `Tu reseña no fue publicada. Motivo: ${reason}`,
  saveError: 'No pudimos guardar tu reseña. Inténtalo de nuevo.',

  // Refusals (API).
  notFound: 'No encontramos esta reseña.',
  projectNotFound: 'No encontramos este proyecto.',
  notYourProject: 'Solo el cliente y el contratista del proyecto pueden dejar una reseña.',
  notCompleted: 'Podrás dejar tu reseña cuando el proyecto esté completado.',
  alreadyReviewed: 'Ya dejaste tu reseña de este proyecto. Puedes editarla mientras esté pendiente.',
  notYourReview: 'Solo su autor puede editar esta reseña.',
  alreadyModerated: 'Esta reseña ya fue revisada y no se puede editar.',
  notYourReply: 'Solo la persona de quien trata la reseña puede responderla.',
  replyNotPublished: 'Solo puedes responder a una reseña publicada.',
  alreadyReplied: 'Ya respondiste a esta reseña.',
  notPending: 'Esta reseña ya fue revisada.',
  /** Votes on a review (issue 55; decision 058): never on one's own review, nor on one about oneself. */
  voteOwn: 'No puedes votar tu propia reseña ni una reseña sobre ti.',

  // "Me gusta" / "No me gusta" on a public review's tile (their own module: a contractor's page needs only these).
  votes: reviewVotes,

  // /perfil/reviews.
  page: {
    title: 'Reseñas',
    tabsLabel: 'Reseñas',
    about: 'Sobre ti',
    by: 'De ti',
    tabCount: (label: string, formatted: string) => `${label} (${formatted})`,
    ratingSummary: (average: string, formatted: string, count: number) => `${average} de 5 · ${formatted} ${plural(count, 'reseña', 'reseñas')}`,
    noRating: 'Todavía no tienes calificación.',
    sortLabel: 'Ordenar por',
    sorts: { newest: 'Más recientes', oldest: 'Más antiguas', highest: 'Mejor calificación', lowest: 'Peor calificación' },
    /** Spec §2. */
    empty: 'No hay reseñas registradas.',
    loadError: 'No pudimos cargar las reseñas. Inténtalo de nuevo.',
    retry: 'Reintentar',
    byName: (name: string) => `De ${name}`,
    aboutName: (name: string) => `Sobre ${name}`,
    project: (title: string) => `Proyecto: ${title}`,
    status: { pending: 'Pendiente de revisión', approved: 'Publicada', rejected: 'No publicada' },
    rejectedReason: (reason: string) => `Motivo: ${reason}`,
    stars: (n: number) => `${n} de 5 estrellas`,
    listLabel: 'Lista de reseñas',
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
    intro: 'Reseñas pendientes, las más antiguas primero. Solo las aprobadas cuentan en las calificaciones y se muestran.',
    empty: 'No hay reseñas pendientes.',
    pendingCount: (formatted: string, n: number) => plural(n, `${formatted} pendiente`, `${formatted} pendientes`),
    approve: 'Aprobar',
    reject: 'Rechazar',
    rejectTitle: 'Rechazar reseña',
    reasonLabel: 'Motivo (se envía al autor)',
    reasonRequired: 'Escribe el motivo del rechazo.',
    confirmReject: 'Rechazar reseña',
    cancel: 'Cancelar',
    approved: 'Reseña aprobada y publicada.',
    rejected: 'Reseña rechazada. Avisamos a su autor.',
    from: (author: string, subject: string) => `De ${author} sobre ${subject}`,
    loadError: 'No pudimos cargar la cola. Inténtalo de nuevo.',
    actionError: 'No pudimos completar la acción. Inténtalo de nuevo.',
    retry: 'Reintentar',
    listLabel: 'Reseñas pendientes',
  },
} as const;

export const reviewMail = {
  greeting: (first: string) => `Hola ${first},`,
  footer: 'Recibes este correo porque tienes una cuenta en ArreglaYa.',
  open: 'Ver reseñas',
  approved: {
    subject: 'ArreglaYa - Tu reseña fue publicada',
    title: 'Tu reseña fue publicada',
    intro: (project: string) => `Tu reseña sobre el proyecto «${project}» fue aprobada y ya es pública. ¡Gracias!`,
  },
  rejected: {
    subject: 'ArreglaYa - Tu reseña no fue publicada',
    title: 'Tu reseña no fue publicada',
    intro: (project: string) => `Revisamos tu reseña sobre el proyecto «${project}» y no la publicamos.`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },
  published: {
    subject: 'ArreglaYa - Tienes una nueva reseña',
    title: 'Tienes una nueva reseña',
    intro: (author: string, project: string, rating: number) => `${author} dejó una reseña sobre el proyecto «${project}» y te calificó con ${rating} de 5 estrellas.`,
    replyHint: 'Puedes responder una vez, públicamente, desde tus reseñas.',
  },
} as const;
