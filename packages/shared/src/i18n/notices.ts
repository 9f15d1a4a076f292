// Texts of the notification centre (issue 31): the header's bell, the phone menu's entry and /perfil/avisos.

export const notices = {
  title: 'Avisos',
  /** The bell's and the menu entry's accessible name. */
  bell: (unread: number) => (unread === 0 ? 'Avisos' : unread === 1 ? 'Avisos, 1 sin leer' : `Avisos, ${unread} sin leer`),
  intro: 'Ofertas, pagos, entregas, reseñas y reclamaciones de tus proyectos. Cada aviso te lleva a donde puedes actuar.',
  empty: 'No tienes avisos todavía. Aquí verás las ofertas, los pagos y las entregas de tus proyectos.',
  unread: 'Sin leer',
  markAll: 'Marcar todo como leído',
  markingAll: 'Marcando...',
  allRead: 'Todos tus avisos están leídos.',
  more: 'Ver más',
  loadingMore: 'Cargando...',
  loadFailed: 'No pudimos cargar tus avisos. Inténtalo de nuevo.',
  markFailed: 'No pudimos marcar tus avisos como leídos. Inténtalo de nuevo.',
  notFound: 'Ese aviso no existe.',
  /** A list position for screen readers: "3 avisos sin leer". */
  unreadSummary: (unread: number) => (unread === 1 ? '1 aviso sin leer' : `${unread} avisos sin leer`),
};
