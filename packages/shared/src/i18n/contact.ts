export const contact = {
  title: 'Contáctanos',
  intro: 'Escríbenos y te respondemos en menos de 24 horas.',
  firstName: 'Nombre',
  email: 'Correo electrónico',
  messageType: 'Tipo de mensaje',
  messageTypePlaceholder: '-- Selecciona --',
  message: 'Mensaje',
  submit: 'Enviar',
  submitting: 'Enviando...',
  emailSubject: (productName: string, typeLabel: string) => `${productName} - Nuevo mensaje de contacto (${typeLabel})`,
  // Acknowledgements go to an address a visitor typed: only our words, never theirs (decision 019).
  emailAck: () => `Hola:\n\nRecibimos tu mensaje. Nuestro equipo te responderá en menos de 24 horas.\n\nEquipo de ArreglaYa`,
} as const;
