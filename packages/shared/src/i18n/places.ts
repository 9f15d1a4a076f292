// Places and distances (decision 042): the sector fields of the profile and project forms, the
// '¿Dónde?' field of the searches and the distance on contractor cards.

export const places = {
  field: {
    where: '¿Dónde?',
    wherePlaceholder: 'Sector o ciudad',
    whereHint: 'Escribe un sector o una ciudad y elige de la lista.',
    noMatch: 'Ningún sector o ciudad con ese nombre.',
    suggestions: (n: number) => (n === 1 ? '1 lugar sugerido' : `${n} lugares sugeridos`),
    clear: 'Quitar lugar',
    baseSector: 'Sector donde tienes tu base',
    baseSectorHint: 'Los clientes ven a qué distancia estás de su proyecto.',
    serviceRadius: 'Distancia que cubres (km)',
    serviceRadiusHint: 'Hasta dónde vas a trabajar desde tu base.',
    projectSector: 'Sector',
    projectSectorHint: 'Así los contratistas saben a qué distancia está tu proyecto.',
    chooseSector: 'Elige un sector',
    chooseCityFirst: 'Elige primero la ciudad',
    /**
     * The place field's word in each country (decision 066): sector in the Dominican Republic,
     * barrio in Colombia (Bogotá's people also say localidad; one word per country), colonia in
     * Mexico. The forms take it from the record's country.
     */
    byCountry: {
      DO: { baseSector: 'Sector donde tienes tu base', projectSector: 'Sector', chooseSector: 'Elige un sector' },
      CO: { baseSector: 'Barrio donde tienes tu base', projectSector: 'Barrio', chooseSector: 'Elige un barrio' },
      MX: { baseSector: 'Colonia donde tienes tu base', projectSector: 'Colonia', chooseSector: 'Elige una colonia' },
    },
  },
  validation: {
    unknownPlace: 'Elige un sector o una ciudad de la lista.',
    sectorNotInCity: 'Ese sector no está en la ciudad elegida.',
    /** The place is in another country than the profile's or project's (decision 066). */
    placeNotInCountry: (country: string) => `Ese lugar no está en ${country}: elige uno de ese país.`,
    sectorNotInZone: 'Ese sector no está en la zona elegida.',
    radiusRange: (min: number, max: number) => `Escribe una distancia entre ${min} y ${max} km.`,
  },
  distance: {
    /** 'a 3,2 km de tu proyecto' / 'a 3,2 km de Naco'; km already formatted (Intl es-DO, one decimal). */
    fromProject: (km: string) => `a ${km} km de tu proyecto`,
    fromPlace: (km: string, place: string) => `a ${km} km de ${place}`,
  },
  sort: {
    distance: 'Más cerca',
  },
  api: {
    projectNotFound: 'No encontramos ese proyecto entre los tuyos.',
    projectWithoutSector: 'Tu proyecto no tiene sector: edítalo y elige uno para ver distancias.',
    signInForProject: 'Inicia sesión para ver distancias desde tu proyecto.',
  },
} as const;
