// Offers you can compare and trust you can read (issue 34, items 3 and 4; decision 043): the
// offer's terms, the comparison of offers, the contractor's trust data and the badges' help.

export const offerTerms = {
  startDate: 'Fecha de inicio',
  startDateHint: 'Cuándo puedes empezar.',
  startDateInPast: 'La fecha de inicio no puede estar en el pasado.',
  startDateTooFar: 'La fecha de inicio no puede ser más de un año después de hoy.',
  durationDays: 'Duración (días)',
  /** Where the value says its unit ('1 día'): the offer's card and the comparison (issue 46: 'Duración (días): 1 día'). */
  duration: 'Duración',
  warranty: 'Garantía',
  durationHint: 'Días de trabajo estimados, de 1 a 365.',
  durationRange: 'La duración tiene que estar entre 1 y 365 días.',
  warrantyDays: 'Garantía (días)',
  warrantyHint: 'Días de garantía del trabajo, de 0 a 1,825 (5 años). 0 si no das garantía.',
  warrantyRange: 'La garantía tiene que estar entre 0 y 1,825 días.',
  materialsIncluded: '¿Incluye materiales?',
  materialsRequired: 'Indica si el precio incluye los materiales.',
  yes: 'Sí',
  no: 'No',
  notStated: 'Sin indicar',
  days: (n: string, count: number) => `${n} ${count === 1 ? 'día' : 'días'}`,
  noWarranty: 'Sin garantía',
  /** Lines of the offer mail. */
  mail: {
    startDate: (d: string) => `Inicio propuesto: ${d}`,
    duration: (d: string) => `Duración: ${d}`,
    warranty: (d: string) => `Garantía: ${d}`,
    materials: (v: string) => `Incluye materiales: ${v}`,
  },
} as const;

export const compareOffers = {
  title: 'Comparar ofertas',
  sortBy: 'Ordenar por',
  sorts: {
    price: 'Precio (menor primero)',
    rating: 'Calificación (mejor primero)',
    start: 'Fecha de inicio (más pronto primero)',
    response: 'Tiempo de respuesta (más rápido primero)',
  },
  tableCaption: 'Comparación de las ofertas recibidas',
  swipeHint: 'Desliza para ver más ofertas.',
  /** The phone's side-by-side of the terms that decide (issue 46: one card at a time to compare). */
  compactTitle: 'Las ofertas, lado a lado',
  start: 'Inicio',
  contractor: 'Contratista',
  price: 'Precio',
  rating: 'Calificación',
  response: 'Respuesta',
  write: 'Escribir',
  writeTo: (name: string) => `Escribir a ${name}`,
} as const;

// The contractor's trust data lives in a module of its own: the directory's cards and a contractor's page need only these (decision 070).
export { trust } from './contractor-trust.ts';
