// Texts of the public pages: landing extras (counts, testimonials, why choose us), the
// how-it-works pages, the hardware-store page, and each page's title and description.

export const services = {
  contractorCount: (n: number, formatted: string) => (n === 1 ? '1 contratista' : `${formatted} contratistas`),
  /** A service nobody offers yet (at launch, every one): no '0 contratistas', an invitation (issue 55). */
  beFirst: 'Sé el primero en ofrecer este servicio',
  /** The invitation's accessible name: its visible words first (WCAG 2.5.3), then which service. */
  beFirstFor: (service: string) => `Sé el primero en ofrecer este servicio (${service})`,
} as const;

export const testimonials = {
  title: 'Lo que dicen nuestros clientes',
  region: 'Testimonios de clientes',
  items: [
    {
      quote: 'Publiqué el problema del calentador en la mañana y a mediodía ya tenía tres ofertas. El plomero llegó puntual y pagué solo cuando todo funcionaba.',
      name: 'Carolina Méndez',
      place: 'Naco, Santo Domingo',
    },
    {
      quote: 'Pinté toda la casa con un contratista que encontré aquí. Comparé precios y reseñas, y el dinero quedó protegido hasta que aprobé el trabajo.',
      name: 'José Antonio Reyes',
      place: 'Santiago de los Caballeros',
    },
    {
      quote: 'Como dueña de un local necesitaba un electricista confiable y rápido. Las calificaciones verificadas me dieron la tranquilidad que buscaba.',
      name: 'Milagros Batista',
      place: 'Punta Cana',
    },
  ],
} as const;

export const whyChooseUs = {
  title: '¿Por qué elegir ArreglaYa?',
  region: 'Razones para elegir ArreglaYa',
  items: [
    { title: 'Pago protegido', text: 'Tu dinero queda retenido y el contratista cobra solo cuando apruebas el trabajo terminado.' },
    { title: 'Contratistas verificados', text: 'Revisamos la identidad de los contratistas y mostramos una insignia cuando están verificados.' },
    { title: 'Reseñas reales', text: 'Solo los clientes con un proyecto terminado pueden opinar, y cada reseña pasa por moderación.' },
    { title: 'Gratis para clientes', text: 'Publicar proyectos, recibir ofertas y conversar con contratistas no te cuesta nada.' },
  ],
} as const;

export const carousel = {
  previous: 'Anterior',
  next: 'Siguiente',
  pause: 'Pausar',
  play: 'Reproducir',
  slide: (n: number, total: number) => `${n} de ${total}`,
  goTo: (n: number) => `Ir a la diapositiva ${n}`,
} as const;

export const quickBookingSection = {
  title: 'Reserva rápida',
  text: 'Déjanos tus datos y el servicio que necesitas: te contactamos en menos de 24 horas.',
} as const;

export const howItWorks = {
  clients: {
    title: 'Cómo funciona para clientes',
    intro: 'Arreglar tu casa con ArreglaYa es gratis y seguro. En tres pasos pasas de un problema a un trabajo bien hecho.',
    steps: [
      {
        title: 'Describe tu proyecto',
        text: 'Cuéntanos qué necesitas: el servicio, el tipo de propiedad, la fecha de inicio y una descripción. Puedes añadir fotos para que los contratistas entiendan mejor el trabajo.',
      },
      {
        title: 'Recibe ofertas y conversa',
        text: 'Los contratistas de tu zona te envían cotizaciones con precio y descripción. Chatea con ellos para aclarar dudas o proponer otro precio.',
      },
      {
        title: 'Selecciona a tu contratista',
        text: 'Compara precios, calificaciones y reseñas, y acepta la oferta que prefieras. Tu pago queda protegido y el contratista cobra solo cuando apruebas el trabajo terminado.',
      },
    ],
    protectionTitle: 'Tu pago, protegido',
    protection:
      'Cuando aceptas una oferta, el pago queda retenido por ArreglaYa. Si el trabajo no quedó como acordaron, tienes 7 días después de la entrega para abrir una reclamación y nuestro equipo decide la devolución.',
    signUp: 'Crear mi cuenta gratis',
    postProject: 'Publicar un proyecto',
  },
  contractors: {
    title: 'Cómo funciona para contratistas',
    intro: 'Consigue más trabajos en tu especialidad y cobra con seguridad. Así de simple.',
    steps: [
      {
        title: 'Selecciona un proyecto',
        text: 'Cada día te avisamos de los proyectos nuevos de tus servicios y tu zona. Revisa la descripción, las fotos y la fecha de inicio.',
      },
      {
        title: 'Envía tu cotización',
        text: 'Propón tu precio y describe lo que incluye. Conversa con el cliente por el chat y ajusta la oferta si hace falta.',
      },
      {
        title: 'Entrega y cobra',
        text: 'Cuando el cliente acepta tu oferta, paga y el dinero queda retenido; empiezas solo cuando la página del proyecto lo confirma. Terminas el trabajo, lo marcas como entregado y recibes el dinero al aprobarlo el cliente, menos la comisión de la plataforma.',
      },
    ],
    feesTitle: 'Comisión clara',
    fees: 'Registrarte y cotizar es gratis. ArreglaYa cobra una comisión de la plataforma solo sobre cada pago que recibes. Al escribir el precio de una oferta ves, antes de enviarla, el porcentaje vigente y cuánto recibirás.',
    signUp: 'Registrarme como contratista',
  },
  stepLabel: (n: number) => `Paso ${n}`,
  stepsLabel: 'Pasos',
} as const;

export const hardwareStores = {
  title: 'Programa para ferreterías',
  // Only what exists (issue 35): the application is recorded and answered by the team; nothing
  // tracks a partner code or pays a commission per project, so no text promises them.
  intro:
    'Las ferreterías son el primer lugar donde la gente pregunta por un buen plomero o electricista. Con el programa de socios de ArreglaYa, tu ferretería recomienda a sus clientes un lugar donde encontrar contratistas verificados, y los técnicos que conoces encuentran proyectos nuevos.',
  benefitsTitle: 'Qué gana tu ferretería',
  benefits: [
    'Una respuesta útil para tus clientes: cuando preguntan por un técnico, les indicas dónde encontrar contratistas verificados y con reseñas.',
    'Más ventas de materiales: los técnicos que conoces consiguen más trabajos y compran donde los conocen.',
    'Un equipo que responde a tus dudas en menos de 24 horas.',
  ],
  howTitle: 'Cómo funciona',
  how: [
    'Completa la solicitud con los datos de tu ferretería.',
    'Revisamos tu solicitud y te contactamos en menos de 24 horas para acordar cómo colaboramos.',
    'Recomiendas ArreglaYa a tus clientes y a los técnicos que conoces, también con el formulario «Recomienda a un amigo».',
  ],
  note: 'Hoy el programa no incluye códigos de seguimiento ni pagos automáticos por proyecto: si acordamos algún pago contigo, lo hacemos directamente y por escrito.',
  referralSection: 'Recomienda a un amigo',
  storeSection: 'Haz que tu ferretería sea socia',
} as const;

export interface PageMeta {
  title: string;
  description: string;
}

/** Each public page's own title and description (also used for Open Graph and prerendering). */
export const pageMeta = {
  landing: {
    title: 'ArreglaYa · Contratistas de confianza para tu hogar',
    description: 'Encuentra plomeros, electricistas, pintores y más en República Dominicana. Publica tu proyecto gratis, recibe ofertas y paga con protección.',
  },
  howClients: {
    title: 'Cómo funciona para clientes',
    description: 'Describe tu proyecto, recibe ofertas de contratistas verificados y paga solo cuando apruebas el trabajo terminado. Gratis para clientes.',
  },
  howContractors: {
    title: 'Cómo funciona para contratistas',
    description: 'Recibe proyectos de tu especialidad cada día, envía cotizaciones y cobra con seguridad a través de ArreglaYa.',
  },
  hardwareStores: {
    title: 'Programa para ferreterías',
    description: 'Haz que tu ferretería sea socia de ArreglaYa: recomienda contratistas verificados a tus clientes y ayuda a los técnicos que conoces a conseguir más trabajos.',
  },
  help: {
    title: 'Centro de ayuda',
    description: 'Respuestas sobre proyectos, ofertas, pagos protegidos, reclamaciones, reseñas, verificación y tu cuenta en ArreglaYa.',
  },
  terms: {
    title: 'Términos de uso',
    description: 'Condiciones de uso de ArreglaYa: cuentas, contenido, pagos protegidos, reclamaciones, comisiones y resolución de disputas.',
  },
  privacy: {
    title: 'Política de privacidad',
    description: 'Qué datos recoge ArreglaYa, para qué los usa, cuánto tiempo los guarda y tus derechos según la Ley 172-13.',
  },
  booking: {
    title: 'Reserva rápida',
    description: 'Déjanos tus datos y el servicio que necesitas; te contactamos en menos de 24 horas.',
  },
} as const satisfies Record<string, PageMeta>;

export const help = {
  title: 'Centro de ayuda',
  intro: '¿En qué podemos ayudarte? Busca tu pregunta o explora las categorías.',
  searchLabel: 'Buscar en la ayuda',
  searchPlaceholder: 'Ej.: pagos, reclamación, plomería',
  searchSubmit: 'Buscar',
  popular: 'Búsquedas populares',
  categories: 'Categorías de preguntas',
  results: (n: number, q: string) => (n === 1 ? `1 resultado para «${q}»` : `${n} resultados para «${q}»`),
  noResults: (q: string) => `No encontramos respuestas para «${q}». Prueba con otras palabras o escríbenos.`,
  clear: 'Borrar búsqueda',
  contactTitle: '¿No encontraste lo que buscabas?',
  contactText: 'Nuestro equipo te responde en menos de 24 horas.',
  contactLink: 'Envíanos un mensaje',
} as const;
