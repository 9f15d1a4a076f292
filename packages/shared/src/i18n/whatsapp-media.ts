// Photos and voice notes written to our WhatsApp number (issue 50, decision 063): what the person's
// phone is answered when nothing was kept (each starts with "ArreglaYa:" like the other answers),
// and the line their conversation shows when a file could not be received.

export const whatsappMedia = {
  /** Neither a photo nor a voice note (a document, a video, a sticker, a location…). */
  unsupported: 'ArreglaYa: en el chat guardamos texto, fotos y notas de voz. Ese tipo de archivo no lo guardamos; envíalo desde el chat de la web si hace falta.',
  /** An audio message that is not an Ogg/Opus voice note, or a file we could not read. */
  notAudio: 'ArreglaYa: no pudimos leer tu nota de voz, así que no la guardamos. Grábala de nuevo en WhatsApp y envíala.',
  tooLong: 'ArreglaYa: tu nota de voz dura más de 2 minutos y no la guardamos. Envía una más corta.',
  tooLarge: 'ArreglaYa: tu nota de voz pesa más de 1 MB y no la guardamos. Envía una más corta.',
  notAPhoto: 'ArreglaYa: no pudimos leer tu foto, así que no la guardamos. Envíala de nuevo como foto (JPG o PNG).',
  photoTooLarge: 'ArreglaYa: tu foto pesa más de 8 MB y no la guardamos. Envíala con menos resolución.',
  /** The download from WhatsApp failed for good (tried again with back-off first, when it might pass), or the file did not match its checksum. */
  failed: {
    image: 'ArreglaYa: no pudimos recibir tu foto desde WhatsApp, así que no la guardamos. Envíala de nuevo, por favor.',
    audio: 'ArreglaYa: no pudimos recibir tu nota de voz desde WhatsApp, así que no la guardamos. Envíala de nuevo, por favor.',
  },
  /** The same, as a line in the conversation it was meant for, to the person who sent it (a notice only they see). */
  lost: {
    image: {
      subject: 'Foto no recibida',
      body: 'No pudimos recibir la foto que enviaste por WhatsApp. Envíala de nuevo, por WhatsApp o desde este chat.',
    },
    audio: {
      subject: 'Nota de voz no recibida',
      body: 'No pudimos recibir la nota de voz que enviaste por WhatsApp. Envíala de nuevo, por WhatsApp o desde este chat.',
    },
  },
  /** The caption of a photo is longer than the chat allows. */
  captionTooLong: (max: number) => `ArreglaYa: el texto de tu foto es demasiado largo (máximo ${max} caracteres) y no la guardamos. Envíala con un texto más corto.`,
} as const;
