// The console's page names (decision 025), apart from the rest of its catalogue: the router's
// table (in every page's first load) names the console's pages with them, and must not carry the
// whole console's texts to a visitor on a prepaid line (decision 070).
export const adminConsoleNav = {
  overview: 'Resumen',
  people: 'Personas',
  reviews: 'Reseñas',
  moderation: 'Moderación',
  claims: 'Reclamos',
  inboxes: 'Bandejas',
  logTrail: 'Registro',
  jobs: 'Tareas programadas',
  campaigns: 'Ofertas especiales',
  bank: 'Banco',
  verifications: 'Verificaciones',
};
