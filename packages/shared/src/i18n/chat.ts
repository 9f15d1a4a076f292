// Chat: /perfil/mensajes, its socket and its API (spec §2 Chat, §4 Chat, issue 15).

export const chat = {
  title: 'Mis Mensajes',
  placeholder: 'Escribe tu mensaje',
  online: 'En línea',
  offline: 'Desconectado',
  conversationNotFound: 'Esta conversación no existe o no participas en ella.',
  messageNotFound: 'Ese mensaje no pertenece a esta conversación.',
  beforeAndAfter: 'Pide los mensajes anteriores o los posteriores, no ambos.',
  photoAdded: 'Foto enviada.',
  photoNotFound: 'Esta foto no existe en esta conversación.',
  hiddenByModeration: 'Mensaje ocultado por moderación.',
  awayMail: {
    subject: (name: string) => `ArreglaYa - Nuevos mensajes de ${name}`,
    title: 'Tienes mensajes sin leer',
    greeting: (firstName: string) => (firstName ? `Hola ${firstName}:` : 'Hola:'),
    intro: (name: string, count: number) => (count === 1 ? `${name} te escribió un mensaje:` : `${name} te escribió ${count} mensajes. El último:`),
    photo: '(una foto)',
    open: 'Ver conversación',
    footer: 'Recibes este correo porque tienes activadas las notificaciones inmediatas. Puedes cambiarlo en Notificaciones de tu perfil.',
  },
  socket: {
    invalidJson: 'El mensaje recibido no es JSON válido.',
    tooLarge: 'El mensaje recibido es demasiado grande.',
    unknownAction: 'Acción desconocida.',
    invalidFrame: 'El mensaje recibido no es válido.',
    rateLimited: 'Estás enviando demasiados mensajes. Espera un momento.',
    conversationNotFound: 'Esta conversación no existe o no participas en ella.',
    failed: 'No pudimos procesar tu mensaje. Inténtalo de nuevo.',
  },
} as const;
