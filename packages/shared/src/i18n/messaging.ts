import type { NotificationType } from '../notification-channels.ts';
import { WHATSAPP_INVITATION_TEMPLATE } from './invitations.ts';

// WhatsApp and SMS (issue 32, items 3 and 4; decision 040): the verified phone number's texts, the
// WhatsApp templates (one per notification type, as approved by Meta, with {{1}}… parameters) and
// the SMS texts. The built-in WhatsApp stand-in refuses a template that is not here or is sent
// with another number of parameters, as Meta refuses an unapproved one.

export interface WhatsAppTemplate {
  /** The template's name at Meta (lower case, underscores). */
  name: string;
  /** Meta's category: what is sent after the 24-hour window must be a template of one of these. */
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  /** The approved Spanish body, {{1}}… in order. */
  body: string;
  /** What each parameter is, in order (templateParams[i] fills {{i+1}}). */
  params: readonly string[];
}

/** One template per notification type; the dispatcher gives `templateParams` in this order. */
export const WHATSAPP_TEMPLATES: Record<NotificationType, WhatsAppTemplate> = {
  newOffer: {
    name: 'arreglaya_nueva_oferta',
    category: 'UTILITY',
    body: '{{1}} te envió una oferta para «{{2}}». Revísala aquí: {{3}}',
    params: ['contractor', 'project', 'url'],
  },
  counterOffer: {
    name: 'arreglaya_contraoferta',
    category: 'UTILITY',
    body: 'Tienes una contraoferta en «{{1}}». Respóndela aquí: {{2}}',
    params: ['project', 'url'],
  },
  offerAccepted: {
    name: 'arreglaya_oferta_aceptada',
    category: 'UTILITY',
    body: '¡Buenas noticias! {{1}} aceptó tu oferta para «{{2}}». Detalles: {{3}}',
    params: ['client', 'project', 'url'],
  },
  // A cash voucher or a transfer reference just opened (decision 051): how and by when to pay.
  paymentDue: {
    name: 'arreglaya_pago_por_completar',
    category: 'UTILITY',
    body: 'Paga {{1}} para «{{2}}» antes del {{3}}. Cómo pagar: {{4}}',
    params: ['amount', 'project', 'dueBy', 'url'],
  },
  paymentHeld: {
    name: 'arreglaya_pago_retenido',
    category: 'UTILITY',
    body: 'El pago de {{1}} para «{{2}}» está protegido. Ya puedes empezar el trabajo: {{3}}',
    params: ['amount', 'project', 'url'],
  },
  messageWhileAway: {
    name: 'arreglaya_mensaje_nuevo',
    category: 'UTILITY',
    body: '{{1}} te escribió sobre «{{2}}». Contesta aquí: {{3}}',
    params: ['sender', 'project', 'url'],
  },
  delivered: {
    name: 'arreglaya_trabajo_entregado',
    category: 'UTILITY',
    body: '{{1}} marcó como entregado el trabajo de «{{2}}». Revísalo y apruébalo: {{3}}',
    params: ['contractor', 'project', 'url'],
  },
  approved: {
    name: 'arreglaya_trabajo_aprobado',
    category: 'UTILITY',
    body: 'El cliente aprobó el trabajo de «{{1}}». El pago se libera a tu cuenta: {{2}}',
    params: ['project', 'url'],
  },
  payoutSent: {
    name: 'arreglaya_pago_enviado',
    category: 'UTILITY',
    body: 'Te enviamos {{1}} a tu cuenta bancaria. Detalles: {{2}}',
    params: ['amount', 'url'],
  },
  payoutFailed: {
    name: 'arreglaya_pago_devuelto',
    category: 'UTILITY',
    body: 'No pudimos enviar {{1}} a tu cuenta bancaria: {{2}}. El dinero volvió a tu saldo. Revisa tu cuenta: {{3}}',
    params: ['amount', 'reason', 'url'],
  },
  claimDecided: {
    name: 'arreglaya_reclamacion_decidida',
    category: 'UTILITY',
    body: 'Decidimos la reclamación de «{{1}}». Lee la decisión aquí: {{2}}',
    params: ['project', 'url'],
  },
  newMatchingProject: {
    name: 'arreglaya_proyecto_nuevo',
    category: 'UTILITY',
    body: 'Nuevo proyecto de {{1}} en {{2}}: «{{3}}». Envía tu oferta: {{4}}',
    params: ['service', 'city', 'project', 'url'],
  },
  specialOffer: {
    name: 'arreglaya_oferta_especial',
    category: 'MARKETING',
    body: '{{1}} Más información: {{2}}. Responde BAJA para no recibir más ofertas.',
    params: ['text', 'url'],
  },
};

/** The code that verifies a number by WhatsApp (Meta's authentication category). */
export const WHATSAPP_CODE_TEMPLATE: WhatsAppTemplate = {
  name: 'arreglaya_codigo_verificacion',
  category: 'AUTHENTICATION',
  body: '{{1}} es tu código de verificación de ArreglaYa. Vence en 10 minutos. No lo compartas con nadie.',
  params: ['code'],
};

/** Every approved template, by name (what the stand-in accepts). */
export const WHATSAPP_TEMPLATE_CATALOGUE: ReadonlyMap<string, WhatsAppTemplate> = new Map(
  [...Object.values(WHATSAPP_TEMPLATES), WHATSAPP_CODE_TEMPLATE, WHATSAPP_INVITATION_TEMPLATE].map((t) => [t.name, t]),
);

/** A template's body with its parameters filled in (what the person reads). */
export function renderTemplate(template: WhatsAppTemplate, params: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (m, n: string) => params[Number(n) - 1] ?? m);
}

export const messaging = {
  /** The SMS that carries a verification code. */
  smsCode: (code: string) => `ArreglaYa: tu código de verificación es ${code}. Vence en 10 minutos. No lo compartas con nadie.`,
  /** Sent once when a number opts out ("BAJA", "STOP") and when it opts back in ("ALTA", "START"). */
  optedOut: 'ArreglaYa: no te enviaremos más mensajes por aquí. Responde ALTA si quieres volver a recibirlos.',
  optedIn: 'ArreglaYa: volverás a recibir nuestros avisos por aquí. Responde BAJA para dejar de recibirlos.',
  /** Answers to a WhatsApp message that could not go into a conversation (decision 061), sent once, inside the 24-hour window. */
  reply: {
    noConversation: (url: string) =>
      `ArreglaYa: no sabemos a qué conversación va tu mensaje, así que no lo guardamos. Responde a uno de nuestros avisos o escribe desde ${url}/perfil/mensajes.`,
    tooLong: (max: number) => `ArreglaYa: tu mensaje es demasiado largo (máximo ${max} caracteres) y no lo guardamos. Envíalo en partes más cortas.`,
    unsupported: 'ArreglaYa: por ahora solo guardamos mensajes de texto. Envía fotos y notas de voz desde el chat de la web.',
  },
  phone: {
    title: 'WhatsApp y SMS',
    intro: 'Recibe los avisos importantes en tu celular. Primero confirmamos tu número con un código.',
    number: 'Número de celular',
    numberHint: (example: string) => `Tu celular, por ejemplo ${example}. De otro país, con su código: +1, +57 o +52.`,
    channel: '¿Por dónde te enviamos el código?',
    channels: { whatsapp: 'WhatsApp', sms: 'SMS (mensaje de texto)' },
    sendCode: 'Enviar código',
    sending: 'Enviando...',
    codeSent: (channel: 'whatsapp' | 'sms', number: string) =>
      channel === 'whatsapp' ? `Te enviamos un código por WhatsApp al ${number}.` : `Te enviamos un código por SMS al ${number}.`,
    code: 'Código de 6 dígitos',
    verify: 'Confirmar',
    verifying: 'Confirmando...',
    resend: 'Reenviar código',
    resendIn: (seconds: number) => `Puedes pedir otro código en ${seconds} s`,
    changeNumber: 'Usar otro número',
    verified: 'Número confirmado. Ya puedes recibir avisos por aquí.',
    yourNumber: 'Tu número',
    channelOn: 'Activo',
    channelOff: 'Sin confirmar',
    channelOptedOut: 'Pediste no recibir mensajes (responde ALTA para volver)',
    addChannel: (channel: 'whatsapp' | 'sms') => (channel === 'whatsapp' ? 'Confirmar también WhatsApp' : 'Confirmar también SMS'),
    /** The provider said the number cannot receive on the channel (WhatsApp 131026): we stopped using it there. */
    channelUndeliverable: (channel: 'whatsapp' | 'sms') =>
      channel === 'whatsapp'
        ? 'WhatsApp no pudo entregar nuestros mensajes a este número (puede que no tenga WhatsApp), así que dejamos de enviarte por WhatsApp. Si usas WhatsApp en este número, confírmalo de nuevo.'
        : 'No pudimos entregar mensajes de texto a este número, así que dejamos de enviarte SMS. Si el número es correcto, confírmalo de nuevo.',
    remove: 'Quitar número',
    removing: 'Quitando...',
    removed: 'Quitamos tu número. Ya no recibirás avisos por WhatsApp ni SMS.',
    loadFailed: 'No pudimos cargar tu número. Inténtalo de nuevo.',
    // Errors (the API's messages; the form shows them as they come).
    invalidNumber: 'Escribe un número de celular válido, por ejemplo 809 555 1234.',
    invalidNumberFor: (country: string, example: string) => `Escribe un número de celular válido de ${country}, por ejemplo ${example}, o con su código de país (+1, +57, +52).`,
    invalidChannel: 'Elige WhatsApp o SMS.',
    invalidCode: 'Escribe el código de 6 dígitos que te enviamos.',
    wrongCode: (left: number) => (left === 1 ? 'El código no es correcto. Te queda 1 intento.' : `El código no es correcto. Te quedan ${left} intentos.`),
    codeLocked: 'Fallaste demasiadas veces. Pide un código nuevo.',
    codeExpired: 'El código venció. Pide uno nuevo.',
    noPendingCode: 'No hay ningún código pendiente. Pide uno nuevo.',
    resendTooSoon: (seconds: number) => `Espera ${seconds} s para pedir otro código.`,
    /** Codes per client address per hour (PHONE_CODES_PER_ADDRESS; issue 48). */
    tooManyFromAddress: 'Se pidieron demasiados códigos desde tu conexión. Inténtalo de nuevo más tarde.',
    /** Codes per hour for everyone (PHONE_CODES_PER_HOUR; issue 48). */
    tooManyEverywhere: 'Ahora mismo estamos enviando demasiados códigos. Inténtalo de nuevo en unos minutos.',
    takenByOther: 'Este número ya está confirmado en otra cuenta.',
    undeliverable: (channel: 'whatsapp' | 'sms') =>
      channel === 'whatsapp'
        ? 'No pudimos enviar el código por WhatsApp a ese número. Revisa el número o elige SMS.'
        : 'No pudimos enviar el código por SMS a ese número. Revisa el número.',
    optedOutOfChannel: 'Ese número pidió no recibir mensajes nuestros. Envía ALTA desde tu celular y vuelve a intentarlo.',
    providerDown: 'No pudimos enviar el código ahora. Inténtalo de nuevo en unos minutos.',
    noNumber: 'No tienes ningún número guardado.',
  },
};
