// Texts of the visitor forms: landing quick booking, refer a friend and the hardware-store
// partnership form on /comoferreterias, plus their e-mails.

export const siteValidation = {
  invalidEmailOrPhone: 'Escribe un correo o un teléfono válido.',
  invalidAccountNumber: 'Número de cuenta inválido: de 6 a 20 dígitos.',
  invalidCedula: 'Cédula inválida. Escríbela como 001-1234567-3.',
  chooseAtLeastOne: 'Selecciona al menos una opción.',
} as const;

export const BANK_ACCOUNT_TYPE_LABELS = { ahorros: 'Ahorros', corriente: 'Corriente' } as const;

export const quickBooking = {
  title: 'Reserva rápida',
  intro: 'Déjanos tus datos y el servicio que necesitas. Te contactamos para ayudarte a encontrar al contratista ideal.',
  nombre: 'Nombre',
  apellido: 'Apellido',
  telefono: 'Teléfono',
  phoneHint: (example: string) => `Ejemplo: ${example}`,
  correo: 'Correo electrónico',
  tipoDeServicios: 'Tipo de servicio',
  servicePlaceholder: '-- Selecciona un servicio --',
  comentarios: 'Comentarios',
  commentsHint: 'Cuéntanos qué necesitas, dónde y para cuándo.',
  submit: 'Reservar',
  submitting: 'Enviando...',
  teamSubject: (service: string) => `ArreglaYa - Nueva reserva rápida (${service})`,
  ackSubject: 'ArreglaYa - Recibimos tu solicitud',
  ackTitle: 'Recibimos tu solicitud',
  ack: (service: string) =>
    `Hola:\n\nGracias por registrarte. Recibimos tu solicitud de ${service} y pronto entramos en contacto contigo, en menos de 24 horas.\n\nEquipo de ArreglaYa`,
} as const;

export const referral = {
  title: 'Recomienda a un amigo',
  intro: '¿Conoces a alguien que necesite un contratista de confianza, o a un buen técnico que quiera más clientes? Recomiéndale ArreglaYa.',
  name: 'Nombre de tu amigo',
  contact: 'Correo o teléfono de tu amigo',
  contactHint: 'Si escribes un correo, le enviamos una invitación de tu parte; si es un teléfono, te damos la invitación lista para enviarla por WhatsApp.',
  submit: 'Enviar recomendación',
  submitting: 'Enviando...',
  shareTitle: 'Comparte ArreglaYa',
  shareFacebook: 'Compartir en Facebook',
  shareTwitter: 'Compartir en X (Twitter)',
  shareLinkedIn: 'Compartir en LinkedIn',
  shareEmail: 'Compartir por correo',
  shareWhatsApp: 'Enviar por WhatsApp',
  shareText: 'Te recomiendo ArreglaYa para encontrar contratistas de confianza para tu hogar, con el pago protegido hasta que el trabajo esté terminado:',
  emailSubject: 'ArreglaYa - Un amigo te recomienda ArreglaYa',
  emailTitle: 'Te recomendaron ArreglaYa',
  // To a third party: no word the visitor typed; the signed-in referrer's first name at most (decision 019).
  email: (referrer: string | null) =>
    `Hola:\n\n${referrer ?? 'Un amigo'} te recomienda ArreglaYa, el lugar para encontrar plomeros, electricistas, pintores y otros contratistas verificados en tu zona.\n\nPublicar tu proyecto es gratis, recibes ofertas, comparas calificaciones y pagas con protección: el contratista cobra solo cuando apruebas el trabajo. Y si eres contratista, recibes cada día proyectos nuevos de tu especialidad.`,
  emailAction: 'Conocer ArreglaYa',
  /**
   * A friend given by phone (issue 55, decision 058): nothing of ours writes to a stranger's phone,
   * so the invitation goes from the person's own WhatsApp, written for them; the page says so.
   */
  phoneRefused: 'Para un teléfono, envíale la invitación desde tu WhatsApp: nosotros no escribimos a números de otras personas.',
  phoneUnreadable: (example: string) => `Escribe el teléfono completo, con su código de área (por ejemplo ${example}).`,
  whatsAppReady: (name: string) => `Tu invitación para ${name} está lista. Ábrela en WhatsApp y envíasela tú: ArreglaYa no le escribe ni guarda su número.`,
  whatsAppOpen: (name: string) => `Enviar la invitación a ${name} por WhatsApp`,
  whatsAppInvite: (name: string, url: string) =>
    `Hola, ${name}: te recomiendo ArreglaYa para encontrar contratistas de confianza para tu hogar. Publicar tu proyecto es gratis y el pago queda protegido hasta que el trabajo esté terminado: ${url}`,
} as const;

export const storeForm = {
  title: 'Solicitud para ferreterías',
  intro: 'Completa los datos de tu ferretería. Revisamos cada solicitud y te contactamos en menos de 24 horas.',
  firstName: 'Nombre',
  lastName: 'Apellido',
  cedula: 'Cédula',
  cedulaHint: 'Formato: 001-1234567-3',
  address: 'Dirección de la ferretería',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  serviceTypes: 'Servicios o productos que ofreces',
  bankSection: 'Datos bancarios (por si acordamos pagos contigo)',
  bank: 'Banco',
  accountType: 'Tipo de cuenta',
  accountTypePlaceholder: '-- Selecciona --',
  accountNumber: 'Número de cuenta',
  accountNumberHint: 'Lo guardamos cifrado y solo mostramos los últimos 4 dígitos.',
  comments: 'Comentarios (opcional)',
  submit: 'Enviar solicitud',
  submitting: 'Enviando...',
  teamSubject: (store: string) => `ArreglaYa - Nueva solicitud de ferretería (${store})`,
  ackSubject: 'ArreglaYa - Recibimos la solicitud de tu ferretería',
  ackTitle: 'Recibimos tu solicitud',
  ack: (last4: string) =>
    `Hola:\n\nRecibimos la solicitud de tu ferretería para ser socia de ArreglaYa. La revisaremos y te contactaremos en menos de 24 horas.\n\nCuenta bancaria registrada: terminada en ${last4}.\n\nEquipo de ArreglaYa`,
} as const;

export const siteSuccess = {
  storeApplicationSent: 'Solicitud enviada con éxito. Te contactaremos en menos de 24 horas.',
} as const;

/**
 * The page the unsubscribe link in every newsletter mail opens (GET /api/newsletter/unsubscribe):
 * opening it changes nothing (mail scanners open links); its button does.
 */
export const newsletterUnsubscribe = {
  askTitle: 'Darte de baja del boletín',
  askText: '¿Ya no quieres recibir el boletín de ArreglaYa? Confirma con el botón y dejaremos de enviártelo.',
  button: 'Darme de baja',
  doneTitle: 'Te diste de baja del boletín',
  doneText: 'Ya no recibirás el boletín de ArreglaYa. Puedes volver a suscribirte cuando quieras desde el pie de página.',
  invalidTitle: 'Enlace no válido',
  invalidText: 'No encontramos esta suscripción. Es posible que el enlace esté incompleto.',
  home: 'Volver al inicio',
} as const;
