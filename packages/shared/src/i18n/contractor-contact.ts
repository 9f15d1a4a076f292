// Contact a contractor: the modal on cards and the public page, and the service-request mail
// (spec §2 Modals, §5 contact message required, §7 notification e-mails).

import { plural } from '../plural.ts';
import { contactButton } from './contact-button.ts';

export const contractorContact = {
  // The button's label and name (contact-button.ts).
  ...contactButton,
  title: 'Contactar contratista',
  reviews: (count: number, formatted: string) => `${formatted} ${plural(count, 'reseña', 'reseñas')}`,
  project: 'Proyecto',
  noProject: '-- Sin proyecto --',
  projectOption: (title: string, startDate: string) => `${title} (inicio: ${startDate})`,
  projectHint: 'Elige uno de tus proyectos abiertos para que el contratista vea el título y la fecha de inicio.',
  message: 'Mensaje',
  messageHint: 'Cuéntale qué necesitas, dónde y cuándo.',
  submit: 'Enviar',
  submitting: 'Enviando...',
  close: 'Cerrar',
  contractorNotFound: 'Este contratista ya no está disponible.',
  loadingProjects: 'Cargando tus proyectos...',
  /** The service request refused without a field to point at (spec §8). */
  sendError: (error: string) => `Error al registrar la solicitud. - ${error}`,
  // The mail to the contractor.
  emailSubject: 'ArreglaYa - Nueva solicitud de servicio',
  emailTitle: 'Nueva solicitud de servicio',
  emailGreeting: (contractorFirstName: string) => (contractorFirstName ? `Hola ${contractorFirstName}:` : 'Hola:'),
  emailIntro: (clientFirstName: string) => `${clientFirstName} te envió una solicitud de servicio en ArreglaYa.`,
  emailMessage: (message: string) => `Su mensaje:\n${message}`,
  emailProject: (title: string) => `Proyecto: ${title}`,
  emailStartDate: (date: string) => `Fecha de inicio: ${date}`,
  emailAccept: 'Aceptar solicitud',
  emailReject: 'Rechazar solicitud',
  emailFooter: 'Recibes este correo porque tienes activadas las notificaciones inmediatas. Puedes cambiarlo en Notificaciones de tu perfil.',
  /** How the client's first name appears when the account has none. */
  aClient: 'Un cliente',
} as const;
