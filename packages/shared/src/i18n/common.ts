import type { Currency } from '../domain.ts';
import type { ErrorCode } from '../errors.ts';

// Spanish texts shared by every feature: validation, API errors, success messages.
// The spec's wording is kept where it is correct; its misspellings are fixed
// (see docs/spec-decisions.md).

/** Currencies as a sentence names them ('pesos dominicanos'). */
export const CURRENCY_NAMES: Record<Currency, string> = { DOP: 'pesos dominicanos', COP: 'pesos colombianos', MXN: 'pesos mexicanos', USD: 'dólares estadounidenses' };

export const validation = {
  required: 'Campo obligatorio.',
  invalidEmail: 'Correo inválido.',
  invalidOption: 'Elige una opción válida.',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  tooShort: (min: number) => `Mínimo ${min} caracteres.`,
  invalidValue: 'Valor inválido.',
  invalidPhone: 'Teléfono inválido.',
  controlCharacters: 'Contiene caracteres invisibles no permitidos. Bórralos y vuelve a escribir el texto.',
  lineBreaks: 'Escríbelo en una sola línea.',
} as const;

export const apiErrors: Record<ErrorCode, string> = {
  VALIDATION: 'Revisa los campos marcados.',
  BAD_REQUEST: 'La solicitud no es válida o llegó incompleta.',
  INVALID_JSON: 'La solicitud no es un JSON válido.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  NOT_FOUND: 'No encontramos el registro solicitado.',
  ROUTE_NOT_FOUND: 'La dirección solicitada no existe.',
  METHOD_NOT_ALLOWED: 'Método no permitido.',
  UNAUTHENTICATED: 'Debes iniciar sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  CONFLICT: 'El registro ya existe o cambió mientras lo editabas.',
  UNPROCESSABLE: 'No pudimos aceptar estos datos: revisa lo que indica el mensaje.',
  RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  CSRF: 'Solicitud rechazada por seguridad. Recarga la página e inténtalo de nuevo.',
  INVALID_CREDENTIALS: 'Correo o contraseña incorrectos. Revisa tus datos e inténtalo de nuevo.',
  EMAIL_NOT_VERIFIED: 'Todavía no confirmaste tu correo. Te enviamos un código nuevo.',
  ACCOUNT_DISABLED: 'Esta cuenta está suspendida. Escríbenos desde la página de contacto.',
  REAUTH_REQUIRED: 'Por seguridad, vuelve a iniciar sesión para usar la consola de administración.',
  INVALID_CODE: 'El código no es correcto.',
  CODE_EXPIRED: 'El código venció. Pide uno nuevo.',
  CODE_LOCKED: 'Demasiados intentos con este código. Pide uno nuevo.',
  WRONG_PASSWORD: 'La contraseña actual no es correcta.',
  ACCOUNT_HAS_ACTIVE_WORK: 'No puedes eliminar la cuenta mientras tengas trabajos en curso o dinero retenido en la protección de pagos. Termina o cancela esos proyectos primero.',
  PAYMENT_FAILED: 'No se pudo completar el pago.',
  UNAVAILABLE: 'El servicio no está disponible en este momento. Inténtalo más tarde.',
  INTERNAL: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
};

export const success = {
  recordUpdated: 'Registro actualizado con éxito.',
  recordCreated: 'Registro realizado con éxito.',
  accountDeleted: 'Cuenta eliminada con éxito.',
  passwordUpdated: 'Contraseña actualizada con éxito.',
  quoteSent: 'Tu oferta fue enviada al cliente.',
  requestSent: 'Tu solicitud fue enviada al contratista.',
  reviewCreated: 'Tu reseña fue enviada. Gracias por tu opinión. Nos ayuda a mejorar el sistema.',
  contactSent: 'Mensaje enviado con éxito.',
  referralSent: 'Mensaje enviado con éxito. Gracias por tu recomendación.',
  projectCreated: 'Proyecto creado con éxito.',
  projectUpdated: 'Proyecto actualizado con éxito.',
  cardCreated: 'Registro realizado con éxito.',
  subscriptionCreated: 'Suscripción creada con éxito.',
  resetCodeSent: 'El código de reinicio fue enviado por correo electrónico. Revisa tu correo.',
  quickBookingSent: 'Gracias por registrarte. Pronto entramos en contacto contigo.',
} as const;

/** An offer's price field, in the offer form and the counter-offer alike: 'Precio (DOP)'. */
export const offerPriceLabel = (currency: string): string => `Precio (${currency})`;

export const confirm = {
  deleteAccount: '¿Seguro que quieres eliminar tu cuenta? No se puede deshacer.',
  deleteProject: '¿Seguro que quieres eliminar este proyecto? No se puede deshacer.',
} as const;

/** Page links under a list (the directory, the project list). */
export const pagination = {
  label: 'Páginas de resultados',
  previous: 'Anterior',
  next: 'Siguiente',
  page: (n: number) => `Página ${n}`,
  current: (n: number, of: number) => `Página ${n} de ${of}`,
} as const;

/** A list or page that could not load (ErrorWithRetry in the web app). */
export const loadFailure = {
  generic: 'No pudimos cargar la información. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',
} as const;

/** What every modal dialog says (components/ui/modal-dialog.tsx). */
export const dialog = {
  close: 'Cerrar',
  /** A confirmation's way back (components/ui/confirm-dialog.tsx), unless it names its own. */
  keep: 'No, volver',
};
