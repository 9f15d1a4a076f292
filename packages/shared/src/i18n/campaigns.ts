// "Ofertas especiales" (decision 041): the console's campaigns page, the campaign's mail and the
// page its unsubscribe link opens.

/** /admin/campanas. */
export const adminCampaigns = {
  title: 'Ofertas especiales',
  intro: 'Campañas para las personas que eligieron recibir ofertas especiales. Solo les llega a quienes tienen el correo confirmado y la opción activada.',
  newCampaign: 'Nueva campaña',
  editCampaign: 'Editar borrador',
  subject: 'Asunto',
  text: 'Texto',
  textHint: 'Separa los párrafos con una línea en blanco. Al final del correo va siempre el enlace para darse de baja.',
  roles: 'Para',
  roleNames: { client: 'Clientes', contractor: 'Contratistas' } as Record<'client' | 'contractor', string>,
  countries: 'Países',
  people: (n: number, formatted: string) => (n === 1 ? '1 persona' : `${formatted} personas`),
  audience: (people: string) => `Le llegará a ${people}.`,
  audienceLoading: 'Contando personas…',
  audienceNeedsChoice: 'Elige al menos un rol y un país para ver a cuántas personas les llega.',
  saveDraft: 'Guardar borrador',
  cancelEdit: 'Cancelar',
  saved: 'Borrador guardado.',
  list: 'Campañas',
  empty: 'Todavía no hay campañas.',
  loadError: 'No pudimos cargar las campañas. Inténtalo de nuevo.',
  states: { draft: 'Borrador', sending: 'Enviándose', sent: 'Enviada' } as Record<'draft' | 'sending' | 'sent', string>,
  createdAt: 'Creada',
  sentAt: 'Enviada el',
  mailed: 'Correos enviados',
  whatsappQueued: 'WhatsApp en cola',
  audienceOf: 'Público',
  edit: 'Editar',
  editLabel: (subject: string) => `Editar el borrador «${subject}»`,
  send: 'Enviar',
  sendLabel: (subject: string) => `Enviar la campaña «${subject}»`,
  confirmTitle: '¿Enviar esta campaña?',
  confirmText: (subject: string, audience: string) => `«${subject}» se enviará por correo a ${audience}. No se puede deshacer.`,
  confirmAudienceUnknown: 'las personas que la eligieron',
  confirmSend: 'Sí, enviar',
  confirmCancel: 'No, volver',
  sending: 'La campaña se está enviando. Los números se actualizan al terminar.',
  alreadySent: 'Esta campaña ya se envió o se está enviando; no se envía otra vez.',
  notDraft: 'Solo se puede cambiar una campaña en borrador.',
} as const;

/** The campaign's mail (its subject and text are the sysadmin's). */
export const campaignMail = {
  greeting: (name: string) => `Hola, ${name}:`,
  footer: (link: string) => `Recibes este correo porque elegiste recibir ofertas especiales. Para no recibir más, date de baja aquí: ${link}`,
} as const;

/** The page the unsubscribe link opens (GET shows a button; the button's POST turns the flag off). */
export const specialOffersUnsubscribe = {
  askTitle: 'Dejar de recibir ofertas especiales',
  askText: 'Si confirmas, no te enviaremos más ofertas especiales. Los avisos de tus proyectos y pagos siguen llegando.',
  button: 'Darme de baja',
  doneTitle: 'Listo, te diste de baja',
  doneText: 'Ya no recibirás ofertas especiales. Puedes volver a activarlas cuando quieras en la configuración de notificaciones de tu cuenta.',
  invalidTitle: 'Enlace no válido',
  invalidText: 'Este enlace no es válido. Copia el enlace completo del correo o cambia tus preferencias en la configuración de notificaciones de tu cuenta.',
  home: 'Ir al inicio',
} as const;
