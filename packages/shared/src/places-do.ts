import { cityCentres, sectors, type CountryPlaces, type PlaceRow } from './place-index.ts';

// The Dominican Republic's places (decision 042): the sectors of the Distrito Nacional and Greater
// Santo Domingo (Este, Norte, Oeste), those of Santiago, and the centre of every city. Its own
// module so a public page loads only its visitor's country's places (decision 070). SOURCE and
// precision: see places.ts.

const SD_SECTORS: Record<'DN' | 'SDE' | 'SDN' | 'SDO', readonly PlaceRow[]> = {
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

const SANTIAGO_SECTORS: readonly PlaceRow[] = [
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
export const PLACES_DO: CountryPlaces = {
  centres: cityCentres('DO'),
  sectors: [
    ...(Object.entries(SD_SECTORS) as ['DN' | 'SDE' | 'SDN' | 'SDO', readonly PlaceRow[]][]).flatMap(([zone, rows]) => sectors('DO', 'santo-domingo', rows, zone)),
    ...sectors('DO', 'santiago', SANTIAGO_SECTORS),
  ],
};
