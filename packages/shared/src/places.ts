import { COUNTRIES, COUNTRY_CODES, type CountryCode, type Zone } from './countries.ts';

// Places a Dominican would name (issue 34, item 2; decision 042): the sectors of the Distrito
// Nacional and Greater Santo Domingo (Este, Norte, Oeste), those of Santiago, and the centre of
// every supported city. A contractor picks one as their base, a project carries one, and the
// directory measures distances from the client's project or the place searched.
//
// SOURCE: approximate centroids compiled from public gazetteer knowledge (OpenStreetMap and
// Wikipedia's articles on the sectors), written from memory of those sources, rounded to three
// decimals (about 100 m). They were NOT re-surveyed from this machine (it has no internet) and a
// sector is an area, not a point: a distance between two sectors is good to about a kilometre.
// City centres are the coordinates in countries.ts. Correct a point by editing its line here;
// migration 0036 copied the coordinates of the places it used into the database, and a profile
// or project saved again takes the new ones.

export type PlaceKind = 'sector' | 'city';

export interface Place {
  /** Stable key stored in the database and used in URLs (`donde=naco`). */
  slug: string;
  /** The Spanish name, with accents. */
  name: string;
  kind: PlaceKind;
  country: CountryCode;
  /** City key (countries.ts). */
  city: string;
  /** Greater Santo Domingo's zone, for its sectors. */
  zone?: Zone;
  lat: number;
  lng: number;
  /** Other ways people write it (compared without accents or case). */
  aliases: readonly string[];
}

type Row = [slug: string, name: string, lat: number, lng: number, aliases?: readonly string[]];

const SD_SECTORS: Record<'DN' | 'SDE' | 'SDN' | 'SDO', readonly Row[]> = {
  DN: [
    ['naco', 'Naco', 18.475, -69.929, ['ensanche naco']],
    ['piantini', 'Piantini', 18.47, -69.939, ['ensanche piantini']],
    ['gazcue', 'Gazcue', 18.465, -69.902, ['gascue']],
    ['bella-vista', 'Bella Vista', 18.456, -69.94],
    ['los-prados', 'Los Prados', 18.484, -69.946],
    ['arroyo-hondo', 'Arroyo Hondo', 18.5, -69.947, ['arroyo hondo viejo']],
    ['ciudad-colonial', 'Ciudad Colonial', 18.473, -69.884, ['zona colonial', 'la zona colonial']],
    ['serralles', 'Serrallés', 18.471, -69.931, ['ensanche serralles']],
    ['evaristo-morales', 'Evaristo Morales', 18.479, -69.938],
    ['paraiso', 'Paraíso', 18.474, -69.943, ['ensanche paraiso']],
    ['julieta-morales', 'Julieta Morales', 18.469, -69.947, ['julieta']],
    ['la-esperilla', 'La Esperilla', 18.472, -69.919, ['esperilla']],
    ['mirador-sur', 'Mirador Sur', 18.447, -69.95, ['mirador']],
    ['los-cacicazgos', 'Los Cacicazgos', 18.442, -69.947, ['cacicazgos']],
    ['la-julia', 'La Julia', 18.46, -69.928],
    ['zona-universitaria', 'Zona Universitaria', 18.461, -69.915, ['la zona universitaria']],
    ['el-millon', 'El Millón', 18.47, -69.954, ['millon']],
    ['renacimiento', 'Renacimiento', 18.454, -69.958],
    ['quisqueya', 'Quisqueya', 18.462, -69.938, ['ensanche quisqueya']],
    ['cristo-rey', 'Cristo Rey', 18.496, -69.93],
    ['los-rios', 'Los Ríos', 18.495, -69.962],
    ['los-jardines-del-norte', 'Los Jardines del Norte', 18.498, -69.937, ['jardines del norte']],
    ['villa-juana', 'Villa Juana', 18.487, -69.905],
    ['villa-consuelo', 'Villa Consuelo', 18.483, -69.896],
    ['villa-francisca', 'Villa Francisca', 18.481, -69.888],
    ['ensanche-luperon', 'Ensanche Luperón', 18.496, -69.908, ['luperon']],
    ['ensanche-la-fe', 'Ensanche La Fe', 18.487, -69.918, ['la fe']],
    ['mirador-norte', 'Mirador Norte', 18.477, -69.963],
    ['los-restauradores', 'Los Restauradores', 18.459, -69.967, ['restauradores']],
    ['san-carlos', 'San Carlos', 18.477, -69.893],
  ],
  SDE: [
    ['ensanche-ozama', 'Ensanche Ozama', 18.479, -69.865, ['ozama']],
    ['los-mina', 'Los Mina', 18.496, -69.858, ['los minas']],
    ['alma-rosa', 'Alma Rosa', 18.487, -69.85, ['alma rosa i', 'alma rosa ii']],
    ['villa-duarte', 'Villa Duarte', 18.477, -69.877],
    ['san-isidro', 'San Isidro', 18.5, -69.78],
    ['los-tres-brazos', 'Los Tres Brazos', 18.512, -69.856, ['tres brazos']],
    ['invivienda', 'Invivienda', 18.505, -69.815],
    ['lucerna', 'Lucerna', 18.488, -69.818],
    ['los-frailes', 'Los Frailes', 18.488, -69.804, ['frailes']],
    ['el-almirante', 'El Almirante', 18.496, -69.8, ['almirante']],
    ['mendoza', 'Mendoza', 18.5, -69.83],
  ],
  SDN: [
    ['villa-mella', 'Villa Mella', 18.552, -69.905],
    ['sabana-perdida', 'Sabana Perdida', 18.539, -69.878],
    ['los-guaricanos', 'Los Guaricanos', 18.537, -69.909, ['guaricano', 'guaricanos']],
    ['ciudad-modelo', 'Ciudad Modelo', 18.564, -69.912],
    ['la-victoria', 'La Victoria', 18.6, -69.87],
  ],
  SDO: [
    ['herrera', 'Herrera', 18.48, -69.98, ['ensanche herrera', 'buenos aires de herrera']],
    ['los-alcarrizos', 'Los Alcarrizos', 18.517, -70.01, ['alcarrizos']],
    ['manoguayabo', 'Manoguayabo', 18.493, -70.006],
    ['las-caobas', 'Las Caobas', 18.5, -69.99, ['caobas']],
    ['engombe', 'Engombe', 18.457, -70.0],
    ['alameda', 'La Alameda', 18.494, -69.987, ['alameda']],
  ],
};

const SANTIAGO_SECTORS: readonly Row[] = [
  ['cerros-de-gurabo', 'Cerros de Gurabo', 19.47, -70.671, ['los cerros de gurabo']],
  ['gurabo', 'Gurabo', 19.481, -70.664],
  ['los-jardines', 'Los Jardines', 19.458, -70.688, ['los jardines metropolitanos', 'jardines metropolitanos']],
  ['villa-olga', 'Villa Olga', 19.462, -70.686],
  ['la-trinitaria', 'La Trinitaria', 19.449, -70.676, ['trinitaria']],
  ['cienfuegos', 'Cienfuegos', 19.481, -70.723],
  ['pueblo-nuevo', 'Pueblo Nuevo', 19.449, -70.703],
  ['los-pepines', 'Los Pepines', 19.442, -70.698, ['pepines']],
  ['bella-vista-santiago', 'Bella Vista (Santiago)', 19.447, -70.692],
  ['la-zurza', 'La Zurza', 19.46, -70.706, ['zurza']],
  ['pekin', 'Pekín', 19.471, -70.708],
  ['los-salados', 'Los Salados', 19.464, -70.65, ['salados']],
  ['reparto-del-este', 'Reparto del Este', 19.455, -70.67],
];

// Colombia and Mexico (issue 51, item 3; decision 066). Same source and precision as the
// Dominican sectors above: approximate centroids of the urban part of each area, written from
// memory of OpenStreetMap and Wikipedia (no internet on this machine), three decimals. An
// administrative area (a localidad, comuna or alcaldía) is large: its point is where most of its
// people live, not the middle of its rural land, and a distance to it is good to a few km.
// Bogotá's 20th localidad, Sumapaz, is rural páramo 30–80 km south of the city and is left out.

const BOGOTA: readonly Row[] = [
  // The 19 urban localidades.
  ['usaquen', 'Usaquén', 4.725, -74.035],
  ['chapinero', 'Chapinero', 4.648, -74.063, ['chapinero alto']],
  ['santa-fe-bogota', 'Santa Fe', 4.605, -74.068],
  ['san-cristobal-bogota', 'San Cristóbal', 4.56, -74.085, ['san cristobal sur']],
  ['usme', 'Usme', 4.475, -74.118],
  ['tunjuelito', 'Tunjuelito', 4.575, -74.132],
  ['bosa', 'Bosa', 4.618, -74.19],
  ['kennedy', 'Kennedy', 4.628, -74.155, ['ciudad kennedy']],
  ['fontibon', 'Fontibón', 4.672, -74.145],
  ['engativa', 'Engativá', 4.707, -74.11],
  ['suba', 'Suba', 4.75, -74.085],
  ['barrios-unidos', 'Barrios Unidos', 4.667, -74.078],
  ['teusaquillo', 'Teusaquillo', 4.64, -74.085],
  ['los-martires', 'Los Mártires', 4.604, -74.091, ['martires']],
  ['antonio-narino', 'Antonio Nariño', 4.588, -74.1],
  ['puente-aranda', 'Puente Aranda', 4.615, -74.115],
  ['la-candelaria', 'La Candelaria', 4.597, -74.074, ['candelaria', 'centro historico de bogota']],
  ['rafael-uribe-uribe', 'Rafael Uribe Uribe', 4.57, -74.11, ['rafael uribe']],
  ['ciudad-bolivar', 'Ciudad Bolívar', 4.545, -74.15],
  // Barrios people search by.
  ['chico', 'Chicó', 4.672, -74.049, ['chico norte', 'el chico']],
  ['rosales', 'Rosales', 4.652, -74.053, ['los rosales']],
  ['zona-rosa-bogota', 'Zona T', 4.667, -74.053, ['zona rosa de bogota', 'el retiro']],
  ['cedritos', 'Cedritos', 4.723, -74.045],
  ['santa-barbara-bogota', 'Santa Bárbara', 4.695, -74.04],
  ['ciudad-salitre', 'Ciudad Salitre', 4.653, -74.105, ['salitre']],
  ['galerias', 'Galerías', 4.642, -74.075],
  ['modelia', 'Modelia', 4.667, -74.123],
  ['niza', 'Niza', 4.715, -74.07],
  ['colina-campestre', 'Colina Campestre', 4.73, -74.06, ['la colina']],
];

const MEDELLIN: readonly Row[] = [
  // The 16 comunas.
  ['popular', 'Popular', 6.295, -75.548, ['comuna 1 medellin']],
  ['santa-cruz-medellin', 'Santa Cruz', 6.298, -75.557],
  ['manrique', 'Manrique', 6.276, -75.55],
  ['aranjuez', 'Aranjuez', 6.282, -75.56],
  ['castilla', 'Castilla', 6.292, -75.572],
  ['doce-de-octubre', 'Doce de Octubre', 6.305, -75.583, ['12 de octubre']],
  ['robledo', 'Robledo', 6.279, -75.597],
  ['villa-hermosa', 'Villa Hermosa', 6.254, -75.55, ['villahermosa']],
  ['buenos-aires-medellin', 'Buenos Aires', 6.236, -75.553],
  ['la-candelaria-medellin', 'La Candelaria (Medellín)', 6.249, -75.568, ['centro de medellin']],
  ['laureles', 'Laureles-Estadio', 6.249, -75.592, ['laureles', 'estadio', 'laureles estadio']],
  ['la-america', 'La América', 6.254, -75.607],
  ['san-javier', 'San Javier', 6.255, -75.617, ['comuna 13']],
  ['el-poblado', 'El Poblado', 6.209, -75.568, ['poblado', 'comuna 14']],
  ['guayabal', 'Guayabal', 6.214, -75.588],
  ['belen', 'Belén', 6.226, -75.6],
  // Corregimientos near the city.
  ['san-antonio-de-prado', 'San Antonio de Prado', 6.183, -75.655],
  ['santa-elena', 'Santa Elena', 6.225, -75.5],
  ['altavista', 'Altavista', 6.222, -75.63],
  // Barrios and the valley's municipalities (Área Metropolitana).
  ['provenza', 'Provenza', 6.209, -75.566],
  ['envigado', 'Envigado', 6.171, -75.586],
  ['sabaneta', 'Sabaneta', 6.151, -75.616],
  ['itagui', 'Itagüí', 6.172, -75.611],
  ['bello', 'Bello', 6.337, -75.556],
];

/** Cali's 22 comunas (named by number) and the barrios people name. */
const CALI: readonly Row[] = [
  ...(
    [
      [3.465, -76.56],
      [3.47, -76.53],
      [3.45, -76.533],
      [3.475, -76.515],
      [3.472, -76.5],
      [3.483, -76.487],
      [3.455, -76.478],
      [3.44, -76.505],
      [3.437, -76.522],
      [3.418, -76.527],
      [3.42, -76.508],
      [3.432, -76.495],
      [3.425, -76.485],
      [3.42, -76.465],
      [3.405, -76.49],
      [3.4, -76.51],
      [3.38, -76.53],
      [3.375, -76.55],
      [3.425, -76.545],
      [3.425, -76.56],
      [3.41, -76.47],
      [3.345, -76.535],
    ] as const
  ).map(([lat, lng], i): Row => [`cali-comuna-${i + 1}`, `Comuna ${i + 1}`, lat, lng, [`comuna ${i + 1} cali`]]),
  ['san-fernando', 'San Fernando', 3.434, -76.542],
  ['granada-cali', 'Granada', 3.462, -76.534],
  ['el-penon', 'El Peñón', 3.452, -76.543],
  ['san-antonio-cali', 'San Antonio', 3.448, -76.539],
  ['ciudad-jardin', 'Ciudad Jardín', 3.36, -76.533],
  ['santa-monica-cali', 'Santa Mónica', 3.474, -76.527],
  ['chipichape', 'Chipichape', 3.477, -76.528],
  ['versalles-cali', 'Versalles', 3.461, -76.528],
  ['tequendama', 'Tequendama', 3.418, -76.54],
  ['el-ingenio', 'El Ingenio', 3.386, -76.527],
  ['valle-del-lili', 'Valle del Lili', 3.375, -76.52, ['valle de lili']],
  ['pance', 'Pance', 3.335, -76.54],
];

/** Barranquilla's five localidades and the barrios people name. */
const BARRANQUILLA: readonly Row[] = [
  ['riomar', 'Riomar', 11.01, -74.82, ['rio mar']],
  ['norte-centro-historico', 'Norte-Centro Histórico', 10.99, -74.795, ['centro historico de barranquilla']],
  ['suroccidente', 'Suroccidente', 10.945, -74.815, ['sur occidente']],
  ['metropolitana', 'Metropolitana', 10.93, -74.8],
  ['suroriente', 'Suroriente', 10.955, -74.78, ['sur oriente']],
  ['el-prado', 'El Prado', 10.995, -74.8, ['barrio el prado']],
  ['alto-prado', 'Alto Prado', 11.0, -74.81],
  ['villa-country', 'Villa Country', 11.003, -74.813],
  ['buenavista-barranquilla', 'Buenavista', 11.012, -74.824],
  ['villa-santos', 'Villa Santos', 11.02, -74.832],
  ['soledad', 'Soledad', 10.915, -74.77],
];

const CIUDAD_DE_MEXICO: readonly Row[] = [
  // The 16 alcaldías (urban part).
  ['alvaro-obregon', 'Álvaro Obregón', 19.36, -99.22],
  ['azcapotzalco', 'Azcapotzalco', 19.487, -99.186],
  ['benito-juarez', 'Benito Juárez', 19.372, -99.158],
  ['coyoacan', 'Coyoacán', 19.33, -99.152],
  ['cuajimalpa', 'Cuajimalpa de Morelos', 19.36, -99.29, ['cuajimalpa']],
  ['cuauhtemoc', 'Cuauhtémoc', 19.433, -99.15],
  ['gustavo-a-madero', 'Gustavo A. Madero', 19.49, -99.11, ['gam', 'gustavo a madero']],
  ['iztacalco', 'Iztacalco', 19.395, -99.098],
  ['iztapalapa', 'Iztapalapa', 19.358, -99.062],
  ['magdalena-contreras', 'La Magdalena Contreras', 19.305, -99.24, ['magdalena contreras']],
  ['miguel-hidalgo', 'Miguel Hidalgo', 19.425, -99.2],
  ['milpa-alta', 'Milpa Alta', 19.192, -99.023],
  ['tlahuac', 'Tláhuac', 19.285, -99.005],
  ['tlalpan', 'Tlalpan', 19.288, -99.168],
  ['venustiano-carranza', 'Venustiano Carranza', 19.43, -99.095],
  ['xochimilco', 'Xochimilco', 19.26, -99.105],
  // The best-known colonias.
  ['polanco', 'Polanco', 19.433, -99.195],
  ['condesa', 'Condesa', 19.412, -99.173, ['la condesa', 'hipodromo condesa']],
  ['roma-norte', 'Roma Norte', 19.418, -99.16, ['la roma', 'roma']],
  ['roma-sur', 'Roma Sur', 19.407, -99.16],
  ['del-valle', 'Del Valle', 19.381, -99.167, ['colonia del valle']],
  ['coyoacan-centro', 'Coyoacán centro', 19.35, -99.162, ['centro de coyoacan', 'villa coyoacan']],
  ['santa-fe-cdmx', 'Santa Fe', 19.36, -99.26],
  ['narvarte', 'Narvarte', 19.393, -99.155],
  ['napoles', 'Nápoles', 19.393, -99.177],
  ['juarez', 'Juárez', 19.427, -99.16, ['zona rosa']],
  ['centro-historico-cdmx', 'Centro Histórico', 19.434, -99.133, ['centro historico de la ciudad de mexico']],
  ['san-angel', 'San Ángel', 19.347, -99.19],
  ['lomas-de-chapultepec', 'Lomas de Chapultepec', 19.425, -99.215, ['las lomas']],
  ['pedregal', 'Jardines del Pedregal', 19.318, -99.205, ['pedregal']],
  ['tlatelolco', 'Tlatelolco', 19.452, -99.14],
  ['escandon', 'Escandón', 19.402, -99.178],
  ['anzures', 'Anzures', 19.429, -99.18],
  ['lindavista', 'Lindavista', 19.49, -99.13],
];

const GUADALAJARA: readonly Row[] = [
  ['centro-guadalajara', 'Centro de Guadalajara', 20.676, -103.347, ['centro historico de guadalajara']],
  ['providencia', 'Providencia', 20.693, -103.39],
  ['americana', 'Americana', 20.674, -103.366, ['colonia americana']],
  ['lafayette', 'Lafayette', 20.673, -103.376],
  ['chapalita', 'Chapalita', 20.665, -103.4],
  ['ladron-de-guevara', 'Ladrón de Guevara', 20.683, -103.377],
  ['santa-tere', 'Santa Tere', 20.683, -103.364, ['santa teresita']],
  ['oblatos', 'Oblatos', 20.69, -103.31],
  ['colinas-de-san-javier', 'Colinas de San Javier', 20.705, -103.395],
  ['puerta-de-hierro', 'Puerta de Hierro', 20.708, -103.413, ['andares']],
  ['ciudad-granja', 'Ciudad Granja', 20.68, -103.44],
  ['valle-real', 'Valle Real', 20.737, -103.43],
  ['zapopan', 'Zapopan', 20.72, -103.392],
  ['tlaquepaque', 'Tlaquepaque', 20.64, -103.312, ['san pedro tlaquepaque']],
  ['tonala', 'Tonalá', 20.624, -103.234],
  ['tlajomulco', 'Tlajomulco', 20.473, -103.444, ['tlajomulco de zuniga']],
];

const MONTERREY: readonly Row[] = [
  ['centro-monterrey', 'Centro de Monterrey', 25.67, -100.31, ['barrio antiguo']],
  ['san-pedro-garza-garcia', 'San Pedro Garza García', 25.658, -100.402, ['san pedro', 'san pedro garza garcia']],
  ['del-valle-san-pedro', 'Del Valle (San Pedro)', 25.651, -100.36, ['colonia del valle san pedro']],
  ['cumbres', 'Cumbres', 25.732, -100.4],
  ['contry', 'Contry', 25.63, -100.28],
  ['mitras-centro', 'Mitras Centro', 25.69, -100.345, ['mitras']],
  ['obispado', 'Obispado', 25.675, -100.345],
  ['san-jeronimo', 'San Jerónimo', 25.68, -100.375],
  ['valle-oriente', 'Valle Oriente', 25.64, -100.315],
  ['tecnologico', 'Tecnológico', 25.65, -100.29, ['colonia tecnologico']],
  ['guadalupe-nl', 'Guadalupe', 25.677, -100.259],
  ['san-nicolas-de-los-garza', 'San Nicolás de los Garza', 25.743, -100.295, ['san nicolas']],
  ['apodaca', 'Apodaca', 25.782, -100.188],
  ['santa-catarina', 'Santa Catarina', 25.674, -100.458],
  ['escobedo', 'Escobedo', 25.795, -100.318, ['general escobedo']],
  ['carretera-nacional', 'Carretera Nacional', 25.56, -100.25],
];

const PUEBLA: readonly Row[] = [
  ['centro-historico-puebla', 'Centro Histórico de Puebla', 19.043, -98.198, ['centro de puebla']],
  ['angelopolis', 'Angelópolis', 19.03, -98.235],
  ['lomas-de-angelopolis', 'Lomas de Angelópolis', 18.99, -98.28],
  ['la-paz-puebla', 'La Paz', 19.055, -98.225, ['colonia la paz']],
  ['huexotitla', 'Huexotitla', 19.04, -98.215],
  ['el-carmen-puebla', 'El Carmen', 19.037, -98.195],
  ['analco', 'Analco', 19.04, -98.192],
  ['los-fuertes', 'Los Fuertes', 19.058, -98.188],
  ['zavaleta', 'Zavaleta', 19.06, -98.25],
  ['la-calera', 'La Calera', 19.005, -98.225],
  ['ciudad-universitaria-puebla', 'Ciudad Universitaria (BUAP)', 19.0, -98.2, ['cu buap']],
  ['amalucan', 'Amalucan', 19.06, -98.15],
  ['cholula', 'Cholula', 19.06, -98.303, ['san andres cholula', 'san pedro cholula']],
];

/** The city centres of every country, as places (countries.ts; 'otro' is no place). */
const CITY_CENTRES: Place[] = COUNTRY_CODES.flatMap((country) =>
  COUNTRIES[country].cities
    .filter((c) => c.key !== 'otro')
    .map((c) => ({
      slug: c.key,
      name: c.name,
      kind: 'city' as const,
      country,
      city: c.key,
      lat: c.lat,
      lng: c.lng,
      aliases: c.key === 'santiago' ? ['santiago'] : c.key === 'ciudad-de-mexico' ? ['cdmx', 'df', 'mexico df'] : c.key === 'bogota' ? ['bogota dc'] : [],
    })),
);

function sectors(country: CountryCode, city: string, rows: readonly Row[], zone?: Zone): Place[] {
  return rows.map(([slug, name, lat, lng, aliases = []]) => ({ slug, name, kind: 'sector' as const, country, city, ...(zone ? { zone } : {}), lat, lng, aliases }));
}

/** Every place: the city centres first, then the sectors (the Dominican Republic's, Colombia's, Mexico's). */
export const PLACES: readonly Place[] = [
  ...CITY_CENTRES,
  ...(Object.entries(SD_SECTORS) as [Zone, readonly Row[]][]).flatMap(([zone, rows]) => sectors('DO', 'santo-domingo', rows, zone)),
  ...sectors('DO', 'santiago', SANTIAGO_SECTORS),
  ...sectors('CO', 'bogota', BOGOTA),
  ...sectors('CO', 'medellin', MEDELLIN),
  ...sectors('CO', 'cali', CALI),
  ...sectors('CO', 'barranquilla', BARRANQUILLA),
  ...sectors('MX', 'ciudad-de-mexico', CIUDAD_DE_MEXICO),
  ...sectors('MX', 'guadalajara', GUADALAJARA),
  ...sectors('MX', 'monterrey', MONTERREY),
  ...sectors('MX', 'puebla', PUEBLA),
];

/**
 * Bounds of the Dominican cities that have sectors (south, west, north, east), for the sanity test: Greater
 * Santo Domingo (the province and the National District) and the municipality of Santiago.
 */
export const CITY_BOUNDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'santo-domingo': [18.38, -70.12, 18.7, -69.6],
  santiago: [19.35, -70.8, 19.55, -70.58],
};

/** Each country's bounding box (south, west, north, east; mainland and nearby islands), for the sanity test. */
export const COUNTRY_BOUNDS: Readonly<Record<CountryCode, readonly [number, number, number, number]>> = {
  DO: [17.4, -72.1, 20.0, -68.3],
  CO: [-4.3, -79.1, 12.5, -66.8],
  MX: [14.5, -118.5, 32.8, -86.7],
};

/** The farthest a sector may lie from its city's centre (the sanity test; Milpa Alta and Usme are the farthest, under 30 km). */
export const SECTOR_MAX_KM_FROM_CENTRE = 40;

/** Lower case without accents, single spaces ('Serrallés' → 'serralles'), as places are compared. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

const BY_SLUG = new Map(PLACES.map((p) => [p.slug, p]));
/**
 * Every way of writing a place (name, slug with spaces, aliases), normalised, with the places it
 * names in the list's order: a few names are in two countries ('Santa Fe' in Bogotá and in Mexico
 * City, 'San Cristóbal' a Dominican city and a localidad of Bogotá), and a search in a country
 * takes that country's.
 */
const BY_TEXT = new Map<string, Place[]>();
for (const p of PLACES) {
  for (const text of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
    const key = normalisePlaceText(text);
    const found = BY_TEXT.get(key);
    if (!found) BY_TEXT.set(key, [p]);
    else if (!found.includes(p)) found.push(p);
  }
}

/** The place a normalised text names, the given country's first. */
function byText(key: string, country?: CountryCode): Place | undefined {
  const found = BY_TEXT.get(key);
  return (country ? found?.find((p) => p.country === country) : undefined) ?? found?.[0];
}

/**
 * One-word names that are also common surnames, first names or words: in a search text they name
 * the place only after 'en' ('plomero en Herrera', 'pintor en Kennedy'; 'Juan Herrera' is a name,
 * 'chico' a boy, 'suba' a verb).
 */
const SURNAME_PLACES = new Set([
  'herrera',
  'mendoza',
  'alameda',
  'kennedy',
  'juarez',
  'castilla',
  'manrique',
  'popular',
  'robledo',
  'belen',
  'bello',
  'guadalupe',
  'escandon',
  'soledad',
  'providencia',
  'roma',
  'tecnologico',
  'metropolitana',
  'americana',
  'galerias',
  'rosales',
  'estadio',
  'candelaria',
  'salitre',
  'chico',
  'poblado',
  'suba',
  'apodaca',
  'escobedo',
  'zavaleta',
  'gam',
  'granada',
]);
/** The longest name of a place, in words (phrases are looked for up to this length). */
const MAX_WORDS = Math.max(...[...BY_TEXT.keys()].map((k) => k.split(' ').length));

/** The place of a slug, or undefined. */
export function findPlace(slug: string): Place | undefined {
  return BY_SLUG.get(slug);
}

/** The place a text names exactly (name, slug or alias; accents and case ignored), the country's first when given, or undefined. */
export function placeNamed(text: string, country?: CountryCode): Place | undefined {
  return byText(normalisePlaceText(text), country);
}

/**
 * The place a '¿Dónde?' field names: its slug (the /busqueda URL's own form), its name or an alias
 * as typed ('Naco', 'NACO'), or a suggestion's label ('Naco, Santo Domingo'). A search form sent
 * before the page's script runs carries the text as typed (issue 46), so the URL reader and the
 * API's schema both take it through here.
 */
export function placeOfField(text: string, country?: CountryCode): Place | undefined {
  const trimmed = text.trim();
  return BY_SLUG.get(trimmed) ?? placeNamed(trimmed, country) ?? byLabel().get(normalisePlaceText(trimmed));
}

let labels: Map<string, Place> | undefined;
/** Every place by its label, normalised; built on first use (placeLabel reads the countries). */
function byLabel(): Map<string, Place> {
  labels ??= new Map(PLACES.map((p) => [normalisePlaceText(placeLabel(p)), p]));
  return labels;
}

/** The sectors of a city (empty for cities without sectors), by name. */
export function sectorsOf(city: string): Place[] {
  return PLACES.filter((p) => p.kind === 'sector' && p.city === city).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/**
 * Is the place in the zone? 'SD' is the province of Santo Domingo: the sectors of its
 * municipalities (Este, Norte, Oeste), not the Distrito Nacional's. A place without a zone (a city
 * centre, a sector of another city) is in none and refused by no zone; no zone chosen, all are in.
 */
export function placeInZone(place: Place, zone: Zone | null | undefined): boolean {
  if (!zone || !place.zone) return true;
  return zone === 'SD' ? place.zone !== 'DN' : place.zone === zone;
}

/** The places a person may mean by a city (and zone, when one is chosen): its sectors, or its centre when it has none. */
export function placesOf(city: string, zone?: Zone | null): Place[] {
  const found = sectorsOf(city).filter((p) => placeInZone(p, zone));
  if (found.length > 0) return found;
  const centre = BY_SLUG.get(city);
  return centre ? [centre] : [];
}

/** A place's label with its city, as suggestions show it ('Naco, Santo Domingo'). */
export function placeLabel(p: Place): string {
  if (p.kind === 'city') return p.name;
  const city = COUNTRIES[p.country].cities.find((c) => c.key === p.city);
  return city ? `${p.name}, ${city.name}` : p.name;
}

/**
 * Suggestions for what someone typed (the '¿Dónde?' field): places whose name, slug or an alias
 * starts with the text, or has a word starting with it; exact and whole-name matches first, and
 * the visitor's country's before the others' when it is given.
 */
export function suggestPlaces(text: string, limit = 8, country?: CountryCode): Place[] {
  const q = normalisePlaceText(text);
  if (q === '') return [];
  const scored: { p: Place; score: number }[] = [];
  for (const p of PLACES) {
    let best = Infinity;
    for (const t of [p.name, p.slug.replaceAll('-', ' '), ...p.aliases]) {
      const n = normalisePlaceText(t);
      const score = n === q ? 0 : n.startsWith(q) ? 1 : n.split(' ').some((w) => w.startsWith(q)) ? 2 : n.includes(q) ? 3 : Infinity;
      best = Math.min(best, score);
    }
    if (best < Infinity) scored.push({ p, score: best + (p.kind === 'city' ? 0 : 0.5) + (country && p.country !== country ? 10 : 0) });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.p.name.localeCompare(b.p.name, 'es'))
    .slice(0, limit)
    .map((s) => s.p);
}

/**
 * The place a search text names, and the text without it ('plomero en Naco' → Naco and
 * 'plomero'): the longest phrase of the words that names a place, with 'en'/'de' before it
 * dropped; a name in several countries is the given country's. Undefined when no phrase names a place.
 */
export function placeInText(text: string, country?: CountryCode): { place: Place; rest: string } | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const norm = words.map(normalisePlaceText);
  for (let len = Math.min(MAX_WORDS, words.length); len >= 1; len--) {
    for (let start = 0; start + len <= words.length; start++) {
      const place = byText(norm.slice(start, start + len).join(' '), country);
      if (!place) continue;
      const before = start > 0 ? norm[start - 1]! : '';
      if (len === 1 && SURNAME_PLACES.has(norm[start]!) && before !== 'en') continue;
      let from = start;
      if (['en', 'de', 'del', 'por'].includes(before)) from--;
      return { place, rest: [...words.slice(0, from), ...words.slice(start + len)].join(' ') };
    }
  }
  return undefined;
}

/** Great-circle distance in km (haversine, earth radius 6,371 km), not rounded; the SQL's km_between is the same formula. */
export function kmBetweenPoints(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A contractor's service radius: km they travel from their base (profile form and server). */
export const SERVICE_RADIUS_MIN_KM = 1;
export const SERVICE_RADIUS_MAX_KM = 100;
export const SERVICE_RADIUS_DEFAULT_KM = 15;

/** The place of a city nearest to a point (among its sectors, or its centre), or undefined for a city without places. */
export function nearestPlace(city: string, point: { lat: number; lng: number }): Place | undefined {
  let best: Place | undefined;
  let bestKm = Infinity;
  for (const p of placesOf(city)) {
    const km = kmBetweenPoints(point, p);
    if (km < bestKm) [best, bestKm] = [p, km];
  }
  return best;
}

/** A place's slug and coordinates as stored with a profile or project; all null for no place (never an invented point). */
export function storedPlace(slug: string | null | undefined): { slug: string | null; lat: number | null; lng: number | null } {
  const place = slug ? findPlace(slug) : undefined;
  return place ? { slug: place.slug, lat: place.lat, lng: place.lng } : { slug: null, lat: null, lng: null };
}
