// Texts of the web shell (navbar, footer, not-found, placeholders, spinner, ...).

export const shell = {
  productName: 'ArreglaYa',
  tagline: 'Contratistas de confianza para tu hogar',
  /** document.title of a page: "<page> · ArreglaYa". */
  documentTitle: (page: string) => `${page} · ArreglaYa`,
  skipLink: 'Saltar al contenido',
  loading: 'Cargando...',
  scrollToTop: 'Volver arriba',
  newTab: '(se abre en una pestaña nueva)',

  nav: {
    label: 'Navegación principal',
    accountLabel: 'Tu cuenta',
    home: 'ArreglaYa, ir al inicio',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    menu: 'Menú',
    howItWorks: 'Cómo funciona',
    help: 'Ayuda',
    contact: 'Contáctanos',
    signIn: 'Iniciar sesión',
    contractorPrompt: '¿Eres profesional?',
    register: 'Regístrate como profesional',
    /** The same link where the header has little room (768 to 1279 px). */
    registerShort: 'Soy profesional',
    createAccount: 'Crear cuenta',
    searchContractors: 'Buscar contratistas',
    favorites: 'Favoritos',
    /** The client's phone menu (issue 46): what she came to do, one tap away. */
    newProject: 'Publicar proyecto',
    myProjects: 'Mis proyectos',
    selectProject: 'Seleccionar proyecto',
    admin: 'Administración',
    myAccount: 'Mi cuenta',
    messages: 'Mensajes',
    signOut: 'Cerrar sesión',
    unreadMessages: (count: number) => (count === 1 ? '1 mensaje nuevo' : `${count} mensajes nuevos`),
    /** Read after "Abrir menú" and "Mensajes" on a phone (the count's badge is hidden from screen readers). */
    unreadCount: (count: number) => (count === 1 ? '1 mensaje sin leer' : `${count} mensajes sin leer`),
  },

  rating: {
    label: (value: string) => `Calificación: ${value} de 5 estrellas`,
  },

  avatar: {
    alt: (name: string) => `Foto de ${name}`,
  },

  breadcrumb: {
    label: 'Ruta de navegación',
    home: 'Inicio',
    account: 'Cuenta',
  },

  messageBox: {
    close: 'Cerrar mensaje',
  },

  footer: {
    aboutTitle: 'ArreglaYa',
    about: 'Conectamos a propietarios con contratistas verificados para reparar, mantener y mejorar su hogar, con pago protegido hasta que el trabajo esté terminado.',
    socialTitle: 'Síguenos',
    social: {
      facebook: 'ArreglaYa en Facebook',
      instagram: 'ArreglaYa en Instagram',
      twitter: 'ArreglaYa en X (Twitter)',
      linkedin: 'ArreglaYa en LinkedIn',
    },
    contactTitle: 'Contacto',
    corporateAgreement: 'Acuerdo corporativo',
    suggestionBox: 'Buzón de sugerencias',
    location: 'Santo Domingo, República Dominicana',
    linksTitle: 'Enlaces',
    howClients: 'Cómo funciona para clientes',
    howContractors: 'Cómo funciona para contratistas',
    hardwareStores: 'Ferreterías',
    help: 'Centro de ayuda',
    terms: 'Términos de uso',
    privacy: 'Política de privacidad',
    newsletterTitle: 'Boletín de noticias',
    newsletterText: 'Recibe consejos para tu hogar y novedades de ArreglaYa.',
    newsletterEmail: 'Correo electrónico',
    newsletterPlaceholder: 'tucorreo@ejemplo.com',
    newsletterSubmit: 'Suscribirme',
    newsletterSubmitting: 'Enviando...',
    copyright: (year: number) => `© ${year} ArreglaYa. Todos los derechos reservados.`,
  },

  /** The side panel of /contactus (the form's own texts live in contact.ts). */
  contactAside: {
    title: '¿Necesitas ayuda ahora?',
    reply: 'Respondemos cada mensaje en menos de 24 horas.',
    helpText: 'Muchas respuestas ya están en nuestro Centro de ayuda.',
    helpLink: 'Visitar el Centro de ayuda',
  },

  notFound: {
    documentTitle: 'Página no encontrada',
    title: '¡Página no encontrada!',
    text: 'Disculpa. No encontramos la página que estás buscando.',
    home: 'Ir al inicio',
    help: 'Visitar el centro de ayuda',
  },

  comingSoon: {
    text: 'Estamos preparando esta sección. Muy pronto estará disponible.',
    backHome: 'Volver al inicio',
  },

  construction: {
    title: 'Página en construcción',
    text: 'Esta página está en construcción. Vuelve pronto.',
  },

  routeError: {
    documentTitle: 'Error',
    title: 'Algo salió mal',
    text: 'No pudimos mostrar esta página. Recarga la página o vuelve a intentarlo más tarde.',
    reload: 'Recargar la página',
    home: 'Volver al inicio',
    /** A page's code could not be downloaded, even after one automatic retry (spec §8's 'Loading chunk failed'). */
    chunkTitle: 'No se pudo cargar la página',
    chunkText: 'Falló la descarga de esta página. Revisa tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },

  /** Page names: the h1 of placeholder pages and the document title. */
  pages: {
    home: 'Inicio',
    search: 'Contratistas disponibles',
    projectList: 'Proyectos disponibles',
    newProject: 'Solicitar servicio',
    project: 'Proyecto',
    offerConfirm: 'Confirmar oferta',
    contact: 'Contáctanos',
    howClients: 'Cómo funciona para clientes',
    howContractors: 'Cómo funciona para contratistas',
    hardwareStores: 'ArreglaYa para ferreterías',
    help: 'Centro de ayuda',
    terms: 'Términos de uso',
    privacy: 'Política de privacidad',
    forgotPassword: 'Recuperar contraseña',
    signOut: 'Cerrar sesión',
    login: 'Iniciar sesión',
    booking: 'Reservar servicio',
    helper: 'Asistente',
    testpad: 'Página de pruebas',
    learnMore: 'Aprende más',
    comment: 'Comenta',
    personalInfo: 'Información personal',
    security: 'Contraseña y seguridad',
    myProjects: 'Mis proyectos',
    myMessages: 'Mis mensajes',
    notices: 'Avisos',
    myFavorites: 'Mis favoritos',
    reviews: 'Reseñas',
    notifications: 'Notificaciones',
    paymentMethods: 'Formas de pago',
    myPayments: 'Mis pagos',
    myBalance: 'Mis cobros',
    registerProject: 'Registrar proyecto',
    myQuotes: 'Mis ofertas',
    myJobs: 'Mis trabajos',
    contractorProfile: 'Perfil',
    contractorPublicProfile: 'Perfil del contratista',
    admin: 'Administración',
  },
} as const;
