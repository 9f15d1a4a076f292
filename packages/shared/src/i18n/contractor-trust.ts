// The contractor's trust data and the badges' help (issue 34, item 4; decision 043), on the
// directory's cards and a contractor's page: apart from the offers' texts, which those pages do not use (decision 070).

export const trust = {
  respondsIn: (time: string) => `Responde en ~${time}`,
  minutes: (n: number) => `${n} min`,
  hours: (n: number) => `${n} h`,
  days: (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`,
  hires: (n: string, count: number) => `${n} ${count === 1 ? 'contratación' : 'contrataciones'} por ArreglaYa`,
  priceFrom: (service: string, price: string) => `${service}: desde ${price}`,
  priceGuide: 'Precios de referencia',
  portfolio: 'Fotos de trabajos',
  portfolioPhoto: (name: string, n: number) => `Trabajo de ${name}, foto ${n}`,
  badgesHelp: '¿Qué significan las insignias?',
  verifiedHelp:
    'Verificado: el equipo de ArreglaYa comprobó la cédula del contratista con un documento de identidad. Para obtenerla, completa tu perfil con tu cédula; el equipo la revisa y marca el perfil.',
  featuredHelp: 'Destacado: el equipo de ArreglaYa elige a mano a algunos contratistas para destacarlos. No se compra ni se gana de forma automática.',
} as const;
