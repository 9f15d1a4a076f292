// Texts of the landing page (/). The full landing (testimonials, carousels, quick booking)
// arrives in a later issue and adds its texts here.

export const landing = {
  heroTitle: 'Encuentra contratistas de confianza para tu hogar',
  heroText:
    'Plomeros, electricistas, pintores y más, verificados y calificados por otros clientes. Publica tu proyecto gratis, recibe ofertas y paga solo cuando el trabajo esté terminado.',
  searchLabel: '¿Qué necesitas reparar?',
  searchPlaceholder: 'Ej.: plomería, pintura, aire acondicionado',
  searchSubmit: 'Buscar',
  postProject: 'Publicar un proyecto gratis',

  servicesTitle: 'Nuestros servicios',
  servicesText: 'Elige un servicio y mira los contratistas disponibles en tu zona.',

  aboutTitle: 'Acerca de ArreglaYa',
  aboutText:
    'ArreglaYa nació en Santo Domingo para que arreglar la casa deje de ser un dolor de cabeza. Reunimos en un solo lugar a contratistas independientes con perfil verificado, calificaciones reales y precios claros.',
  aboutProtection: 'Tu pago queda protegido: el contratista recibe el dinero solo cuando terminas de revisar el trabajo y lo apruebas.',

  howTitle: 'Cómo funciona',
  howSteps: [
    { title: 'Describe tu proyecto', text: 'Cuéntanos qué necesitas, dónde y para cuándo.' },
    { title: 'Recibe ofertas y conversa', text: 'Los contratistas te envían sus cotizaciones y puedes chatear con ellos.' },
    { title: 'Elige a tu contratista', text: 'Compara precios, calificaciones y reseñas antes de decidir.' },
  ],
  howClients: 'Más sobre cómo funciona para clientes',
  howContractors: 'Soy contratista: ¿cómo funciona?',

  toolsTitle: 'Herramientas para contratistas y ferreterías',
  toolsText:
    'Los contratistas reciben cada día los proyectos nuevos de su especialidad, envían cotizaciones y cobran a través de la plataforma. Las ferreterías pueden recomendar a sus clientes y técnicos de confianza.',
  toolsLink: 'Conoce el programa para ferreterías',
} as const;
