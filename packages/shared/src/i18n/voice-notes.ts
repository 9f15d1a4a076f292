// Voice notes in the chat (issue 50, decision 060): recording, sending, playing.

export const voiceNotes = {
  /** Refusals of the upload (POST /api/conversations/:id/voice-notes). */
  tooLarge: 'La nota de voz pesa más de 1 MB. Graba una más corta.',
  tooLong: 'La nota de voz dura más de 2 minutos. Graba una más corta.',
  notAudio: 'Ese archivo no es una nota de voz. Envía audio Opus (WebM u OGG) o AAC (MP4/M4A).',
  unreadable: 'No pudimos leer esa nota de voz: el archivo está dañado, vacío o no es audio Opus o AAC.',
  missing: 'Falta la nota de voz.',
  notFound: 'Esta nota de voz no existe en esta conversación.',
  /** The composer. */
  record: 'Grabar nota de voz',
  recording: 'Grabando nota de voz',
  /** The timer's accessible text, e.g. "Grabando: 0:12 de 2:00". */
  elapsed: (time: string, max: string) => `Grabando: ${time} de ${max}`,
  cancel: 'Cancelar la nota de voz',
  send: 'Enviar nota de voz',
  sending: 'Enviando nota de voz…',
  denied: 'No tenemos permiso para usar el micrófono. Actívalo en la configuración del navegador para grabar una nota de voz.',
  unsupported: 'Este navegador no puede grabar notas de voz.',
  failed: 'No pudimos grabar la nota de voz. Inténtalo de nuevo.',
  /** The message list. */
  label: (duration: string) => `Nota de voz de ${duration}`,
  preview: 'Nota de voz',
  gone: 'Nota de voz no disponible',
  awayMail: '(una nota de voz)',
} as const;
