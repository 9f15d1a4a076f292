import { offerPriceLabel } from './common.ts';
// The contractor's web pages of issue 13: Proyectos disponibles (/projectlist), the offer panel
// on the project page, Mis ofertas, Mis trabajos and the portfolio ('Registrar proyecto').
// Messages the API sends (save, refusals) stay in i18n/projects.ts.

export const projectList = {
  intro: 'Proyectos abiertos que buscan un contratista. Filtra por ubicación, servicio y fecha de inicio.',
  signInNeeded: 'Inicia sesión como contratista para ver los proyectos disponibles y enviar ofertas.',
  signIn: 'Iniciar sesión',
  contractorsOnly: 'Esta lista es para contratistas.',
  clientHint: 'Como cliente, puedes publicar tu proyecto y recibir ofertas.',
  newProject: 'Solicitar servicio',
  filtersTitle: 'Filtros',
  filtersOpen: 'Filtros',
  filtersClear: 'Quitar filtros',
  location: 'Ubicación',
  allLocations: 'Todas',
  zonesGroup: 'Gran Santo Domingo',
  citiesGroup: 'Otras ciudades',
  services: 'Servicios',
  allServices: 'Todos los servicios',
  search: 'Buscar proyectos',
  searchPlaceholder: 'Ej.: baño, techo, pintura',
  searchButton: 'Buscar',
  startFrom: 'Inicio desde',
  startTo: 'Inicio hasta',
  sort: 'Ordenar por',
  count: (formatted: string, n: number) => (n === 1 ? '1 proyecto' : `${formatted} proyectos`),
  listLabel: 'Proyectos',
  loading: 'Cargando...',
  error: 'No pudimos cargar los proyectos.',
  retry: 'Reintentar',
  pageEmpty: 'Esta página no tiene proyectos.',
  firstPage: 'Ir a la primera página',
  startDate: (date: string) => `Inicio: ${date}`,
  postedBy: (name: string, date: string) => `Publicado por ${name} · ${date}`,
  view: (title: string) => `Ver proyecto: ${title}`,
  noPhoto: 'Proyecto sin foto',
} as const;

export const offerPanel = {
  title: 'Tu oferta',
  none: 'Todavía no enviaste una oferta para este proyecto.',
  closedProject: 'Este proyecto ya no recibe ofertas.',
  make: 'Hacer oferta',
  /** A contractor whose profile is not listed yet is told before the form (issue 35), with this link. */
  completeProfile: 'Completar mi perfil',
  replace: 'Reemplazar oferta',
  withdraw: 'Retirar oferta',
  withdrawConfirm: '¿Retirar tu oferta? El cliente ya no la verá.',
  withdrawYes: 'Sí, retirar',
  keep: 'No, mantenerla',
  status: (label: string) => `Estado: ${label}`,
  price: 'Precio',
  agreedPrice: 'Precio acordado',
  validUntil: (date: string) => `Válida hasta ${date}`,
  sentOn: (date: string) => `Enviada el ${date}`,
  stages: 'Plan por etapas',
  stage: (title: string, percent: string) => `${title}: ${percent} %`,
  counterTitle: 'Contraoferta del cliente',
  counterPrice: (price: string) => `El cliente propone ${price}.`,
  counterComment: (comment: string) => `Comentario: ${comment}`,
  counterAccept: 'Aceptar contraoferta',
  counterDecline: 'Rechazar contraoferta',
  counterAccepted: 'Aceptaste la contraoferta.',
  counterDeclined: 'Rechazaste la contraoferta.',
  clientComment: (comment: string) => `Comentario del cliente: ${comment}`,
  // After hiring.
  jobTitle: 'Tu trabajo',
  /** Issue 29: until the money to begin is held (the contact details come with it). */
  hired: 'El cliente aceptó tu oferta. Verás sus datos de contacto cuando el pago para empezar quede retenido; mientras tanto, conversen por el chat.',
  clientContact: 'Datos del cliente',
  start: 'Marcar en progreso',
  deliver: 'Marcar como entregado',
  deliveryNote: 'Nota para el cliente (opcional)',
  deliveryPhotos: 'Fotos del trabajo terminado',
  addDeliveryPhoto: 'Agregar foto del trabajo',
  photoUploading: 'Subiendo foto...',
  waitingApproval: 'Entregaste el trabajo. El cliente tiene 7 días para aprobarlo o abrir una reclamación.',
  completed: 'El cliente aprobó el trabajo. ¡Felicidades!',
  disputed: 'El cliente abrió una reclamación. Nuestro equipo los contactará.',
  cancelled: 'Este proyecto fue cancelado.',
  notChosen: 'El cliente eligió otra oferta para este proyecto.',
  deliveryPhotoAlt: (n: number) => `Foto del trabajo ${n}`,
  loading: 'Cargando...',
  loadError: 'No pudimos cargar tu oferta.',
  retry: 'Reintentar',
} as const;

export const offerForm = {
  title: 'Hacer oferta',
  replaceTitle: 'Reemplazar oferta',
  replaceNote: 'Tu nueva oferta reemplaza la anterior.',
  priceLabel: offerPriceLabel,
  priceHint: 'El total por el trabajo, en pesos.',
  /** Under the price as it is typed (issue 46): the price less the platform fee, and the fee's percent. */
  receives: (amount: string, percent: string) => `Recibirás ${amount} (comisión ${percent}).`,
  description: 'Descripción de la oferta',
  descriptionHint: 'Qué incluye, materiales, tiempo de trabajo.',
  /** The live counter under the description while it is shorter than the minimum (issue 35). */
  descriptionLeft: (n: number) => (n === 1 ? 'Falta 1 carácter' : `Faltan ${n} caracteres`),
  validityDays: 'Validez (días)',
  validityHint: 'La oferta vence después de estos días.',
  useStages: 'Pago por etapas (opcional)',
  stagesHint: 'Por ejemplo: 40 % de depósito para materiales y 60 % al entregar. Deben sumar 100 %.',
  stageTitle: (n: number) => `Etapa ${n}`,
  stagePercent: (n: number) => `Porcentaje de la etapa ${n}`,
  stageAmount: (amount: string) => `≈ ${amount}`,
  stagesSum: (sum: number) => `Suma: ${sum} %`,
  addStage: 'Agregar etapa',
  removeStage: (n: number) => `Quitar etapa ${n}`,
  defaultStages: ['Depósito para materiales', 'Pago final'] as readonly string[],
  submit: 'Enviar oferta',
  sending: 'Enviando...',
  cancel: 'Cancelar',
} as const;

export const myQuotes = {
  intro: 'Las ofertas que enviaste y su estado.',
  filter: 'Estado',
  all: 'Todas',
  empty: 'No hay ofertas registradas.',
  emptyFiltered: 'No hay ofertas con este estado.',
  browse: 'Ver proyectos disponibles',
  listLabel: 'Mis ofertas',
  projectStatus: (label: string) => `Proyecto: ${label}`,
  loading: 'Cargando...',
  error: 'No pudimos cargar tus ofertas.',
  retry: 'Reintentar',
  count: (n: number) => (n === 1 ? '1 oferta' : `${n} ofertas`),
} as const;

export const myJobs = {
  intro: 'Los proyectos en los que te contrataron.',
  filter: 'Estado',
  all: 'Todos',
  empty: 'No hay trabajos registrados.',
  emptyFiltered: 'No hay trabajos con este estado.',
  listLabel: 'Mis trabajos',
  client: (name: string) => `Cliente: ${name}`,
  loading: 'Cargando...',
  error: 'No pudimos cargar tus trabajos.',
  retry: 'Reintentar',
} as const;

export { portfolioPage } from './portfolio.ts';

/** Labels of the contractor's account menu entries added by these pages. */
export const contractorMenu = {
  quotes: 'Mis ofertas',
  jobs: 'Mis trabajos',
  portfolio: 'Registrar proyecto',
} as const;

/** /profile/proyectos: the contractor's "Proyectos" menu entry, their projects in one place. */
export const contractorProjects = {
  intro: 'Tus proyectos en un solo lugar: los trabajos para los que te contrataron y las ofertas que enviaste.',
  jobsText: 'Los proyectos para los que te contrataron: en curso, entregados y terminados.',
  quotesText: 'Las ofertas que enviaste y lo que respondió cada cliente.',
  findTitle: 'Buscar proyectos',
  findText: 'Los proyectos abiertos donde puedes hacer una oferta.',
} as const;
