import { cityCentres, sectors, type CountryPlaces, type PlaceRow } from './place-index.ts';

// Colombia's places (issue 51, item 3; decision 066), in a module of their own so a public page
// loads only its visitor's country's places (decision 070).
// Colombia and Mexico (issue 51, item 3; decision 066). Same source and precision as the
// Dominican sectors (places-do.ts): approximate centroids of the urban part of each area, written from
// memory of OpenStreetMap and Wikipedia (no internet on this machine), three decimals. An
// administrative area (a localidad, comuna or alcaldía) is large: its point is where most of its
// people live, not the middle of its rural land, and a distance to it is good to a few km.
// Bogotá's 20th localidad, Sumapaz, is rural páramo 30–80 km south of the city and is left out.

const BOGOTA: readonly PlaceRow[] = [
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

const MEDELLIN: readonly PlaceRow[] = [
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
const CALI: readonly PlaceRow[] = [
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
  ).map(([lat, lng], i): PlaceRow => [`cali-comuna-${i + 1}`, `Comuna ${i + 1}`, lat, lng, [`comuna ${i + 1} cali`]]),
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
const BARRANQUILLA: readonly PlaceRow[] = [
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
export const PLACES_CO: CountryPlaces = {
  centres: cityCentres('CO'),
  sectors: [...sectors('CO', 'bogota', BOGOTA), ...sectors('CO', 'medellin', MEDELLIN), ...sectors('CO', 'cali', CALI), ...sectors('CO', 'barranquilla', BARRANQUILLA)],
};
