import { cityCentres, sectors, type CountryPlaces, type PlaceRow } from './place-index.ts';

// Mexico's places (issue 51, item 3; decision 066; same source and precision as Colombia's, see
// places-co.ts), in a module of their own so a public page loads only its visitor's country's
// places (decision 070).

const CIUDAD_DE_MEXICO: readonly PlaceRow[] = [
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

const GUADALAJARA: readonly PlaceRow[] = [
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

const MONTERREY: readonly PlaceRow[] = [
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

const PUEBLA: readonly PlaceRow[] = [
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
export const PLACES_MX: CountryPlaces = {
  centres: cityCentres('MX'),
  sectors: [
    ...sectors('MX', 'ciudad-de-mexico', CIUDAD_DE_MEXICO),
    ...sectors('MX', 'guadalajara', GUADALAJARA),
    ...sectors('MX', 'monterrey', MONTERREY),
    ...sectors('MX', 'puebla', PUEBLA),
  ],
};
