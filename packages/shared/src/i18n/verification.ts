import { adminConsoleNav } from './admin-console-nav.ts';
import { verificationBadges } from './verification-badges.ts';
// Verification badges (issue 49 part 3; docs/decisions/056-verification-badges.md): the contractor's
// "Verificación" section, the console's review queue, the public profile's badges and the refusals.

export const verification = {
  kinds: verificationBadges.kinds,
  statuses: {
    pending: 'En revisión',
    approved: 'Aprobada',
    rejected: 'Rechazada',
    revoked: 'Retirada',
    expired: 'Vencida',
    none: 'Sin solicitar',
  },

  // The contractor's section on their own profile page.
  section: {
    title: 'Verificación',
    intro: 'Pide las insignias que verán los clientes en tu perfil. Nuestro equipo revisa cada solicitud; los documentos que subes solo los ve el equipo y se borran al decidir.',
    cedulaHint: 'Comprobamos el dígito verificador de la cédula de tu perfil.',
    cedulaMissing: 'Primero escribe tu cédula en tu perfil y guárdalo.',
    rncHint: 'Comprobamos el RNC en el registro de contribuyentes de la DGII: debe estar activo.',
    rncLabel: 'RNC (9 dígitos)',
    /** Colombia and Mexico (decision 065): the document's name from id-documents' catalogue. */
    personalIdHint: (document: string) => `Comprobamos el formato y el dígito verificador de tu ${document} del perfil.`,
    personalIdMissing: (document: string) => `Primero escribe tu ${document} en tu perfil y guárdalo.`,
    taxIdHint: (document: string) => `Nuestro equipo revisa tu ${document} en el registro de contribuyentes de tu país.`,
    criminalRecordHint: 'Sube el certificado (foto o PDF, hasta 8 MB) emitido hace 90 días o menos. La insignia vence 12 meses después de su emisión.',
    tradeCertificateHint: 'Sube el certificado (foto o PDF, hasta 8 MB) e indica quién lo emitió y de qué oficio es.',
    fileLabel: 'Documento (JPG, PNG, WebP o PDF, hasta 8 MB)',
    issuedOnLabel: 'Fecha de emisión',
    issuerLabel: 'Emitido por',
    titleLabel: 'Oficio o título',
    request: 'Solicitar revisión',
    sending: 'Enviando…',
    sent: 'Solicitud enviada. Te avisaremos cuando nuestro equipo la revise.',
    loadError: 'No pudimos cargar tu verificación. Inténtalo de nuevo.',
    retry: 'Reintentar',
    state: (status: string) => `Estado: ${status}`,
    decidedOn: (day: string) => `Revisada el ${day}`,
    submittedOn: (day: string) => `Enviada el ${day}`,
    noteFromTeam: (note: string) => `Nota del equipo: ${note}`,
    badgeListLabel: 'Tus insignias y solicitudes',
  },

  // Badges where clients see them (their own module: a contractor's page needs only these).
  badges: verificationBadges.badges,

  // The console's queue.
  admin: {
    nav: adminConsoleNav.verifications,
    title: adminConsoleNav.verifications,
    intro: 'Solicitudes de insignias, la más antigua primero. Mira el documento y aprueba o rechaza; al decidir, el documento se borra.',
    listLabel: 'Solicitudes pendientes',
    empty: 'No hay solicitudes pendientes.',
    loadError: 'No pudimos cargar las solicitudes. Inténtalo de nuevo.',
    pendingCount: (count: string, n: number) => (n === 1 ? `${count} solicitud pendiente` : `${count} solicitudes pendientes`),
    from: (name: string) => `De ${name}`,
    submitted: (day: string) => `Enviada el ${day}`,
    viewDocument: (kind: string) => `Ver el documento (${kind})`,
    checkDigitValid: 'Dígito verificador correcto.',
    checkDigitException: 'Dígito verificador que no cuadra, pero la cédula está entre las emitidas así por la JCE.',
    cedulaEnding: (last4: string) => `Cédula terminada en ${last4}`,
    rncRegistry: (rnc: string, name: string, status: string) => `RNC ${rnc}: ${name} (${status} en el registro de la DGII)`,
    issued: (day: string) => `Emitido el ${day}`,
    issuer: (issuer: string) => `Emitido por: ${issuer}`,
    title_: (title: string) => `Oficio o título: ${title}`,
    approve: 'Aprobar',
    reject: 'Rechazar',
    rejectTitle: 'Rechazar la solicitud',
    noteLabel: 'Nota para el contratista',
    confirmReject: 'Rechazar',
    cancel: 'Cancelar',
    approved: 'Solicitud aprobada. El documento se borró.',
    rejected: 'Solicitud rechazada. El documento se borró.',
  },

  // Refusals (API), each naming what is wrong.
  errors: {
    onlyContractors: 'Solo los contratistas pueden pedir insignias de verificación.',
    pendingExists: (kind: string) => `Ya tienes una solicitud de «${kind}» en revisión. Espera la decisión antes de enviar otra.`,
    cedulaMissing: 'Tu perfil no tiene cédula. Escríbela en tu perfil y guárdalo antes de pedir la verificación.',
    cedulaInvalid: 'La cédula de tu perfil no es válida. Corrígela en tu perfil.',
    rncInvalid: 'El RNC no es válido: son 9 dígitos y el último es el dígito verificador.',
    rncUnknown: (rnc: string) => `El RNC ${rnc} no está en el registro de contribuyentes de la DGII.`,
    rncInactive: (rnc: string, status: string) => `El RNC ${rnc} figura como «${status}» en el registro de la DGII; solo se verifica un RNC activo.`,
    fileMissing: 'Adjunta el documento (foto o PDF).',
    fileTooLarge: 'El documento pesa más de 8 MB. Sube una foto más liviana o un PDF más pequeño.',
    fileType: 'El documento debe ser una imagen (JPG, PNG o WebP) o un PDF.',
    fileUnreadable: 'No pudimos leer el documento: el archivo está dañado o no es lo que dice ser.',
    notMultipart: 'Envía el documento como formulario con archivo (multipart/form-data).',
    onlyOneFile: 'Adjunta un solo documento.',
    issuedInFuture: 'La fecha de emisión no puede ser futura.',
    criminalRecordTooOld: 'El certificado de no antecedentes penales debe haberse emitido hace 90 días o menos.',
    invalidDate: 'Escribe la fecha como AAAA-MM-DD.',
    noteRequired: 'Escribe el motivo del rechazo para el contratista.',
    notFound: 'No encontramos esta solicitud.',
    alreadyDecided: 'Esta solicitud ya fue decidida.',
    documentGone: 'El documento ya no existe: se borra al decidir la solicitud.',
  },
} as const;
