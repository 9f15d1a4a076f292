import type { ServiceType } from '@arreglaya/shared/domain';

// What each trade looks like in the demo: related services a contractor often adds,
// company-name patterns and profile text. Placeholders: {last} last name, {first} first
// name, {region} regional tag ("del Cibao"), {years} years of experience, {place} sector
// or city.

export interface Trade {
  /** Services a contractor of this trade often offers too. */
  related: readonly ServiceType[];
  companies: readonly string[];
  /** First sentence; always mentions {years}. */
  openers: readonly string[];
  /** One or two specific sentences about the work. */
  specifics: readonly string[];
}

export const TRADES: Record<ServiceType, Trade> = {
  plomeria: {
    related: ['remodelacion', 'limpieza'],
    companies: ['Plomería Hermanos {last}', 'Plomería y Gas {last}', 'Fontanería {last} & Asociados', 'Soluciones Hidráulicas {region}', 'Plomería Rápida {first}'],
    openers: [
      'Plomero con {years} años de experiencia en casas, apartamentos y locales comerciales de {place}.',
      'Llevamos {years} años resolviendo problemas de agua y drenaje en {place} y sus alrededores.',
      'Soy plomero certificado y tengo {years} años trabajando en instalaciones sanitarias residenciales.',
    ],
    specifics: [
      'Reparamos filtraciones, cambiamos tuberías de PVC y cobre, instalamos bombas, cisternas y calentadores de agua.',
      'Detectamos fugas sin romper de más y dejamos el baño o la cocina limpios al terminar.',
      'Instalo inodoros, lavamanos, duchas y mezcladoras, y destapo desagües con equipo profesional.',
    ],
  },
  electricidad: {
    related: ['seguridad', 'aire'],
    companies: ['Electro Servicios {region}', 'Instalaciones Eléctricas {last}', 'Electricidad {first} {last}', 'Voltaje Seguro {last}', 'Electromecánica {last} SRL'],
    openers: [
      'Electricista residencial e industrial con {years} años de experiencia en {place}.',
      'Tenemos {years} años haciendo instalaciones eléctricas seguras y bajo norma.',
      'Trabajo la electricidad desde hace {years} años, en viviendas nuevas y remodelaciones.',
    ],
    specifics: [
      'Cambiamos paneles y breakers, hacemos acometidas, tomacorrientes, iluminación LED y puestas a tierra.',
      'Instalo inversores y baterías para los apagones, y reviso el consumo para evitar sorpresas en la factura.',
      'Diagnosticamos cortocircuitos y sobrecargas con equipo de medición y entregamos el trabajo certificado.',
    ],
  },
  pintura: {
    related: ['remodelacion', 'limpieza'],
    companies: ['Pinturas y Acabados {last}', 'Color Perfecto {region}', 'Pintores {last} e Hijos', 'Decoraciones {first}', 'Brocha Fina {last}'],
    openers: [
      'Pintor profesional con {years} años de experiencia en interiores y fachadas.',
      'Somos un equipo de pintores con {years} años trabajando en {place}.',
      'Llevo {years} años pintando casas, apartamentos y negocios con acabados de primera.',
    ],
    specifics: [
      'Preparamos bien las superficies: resanamos grietas, sellamos humedad y aplicamos primer antes de pintar.',
      'Trabajamos con pinturas acrílicas, esmaltes e impermeabilizantes para techos, y protegemos muebles y pisos.',
      'Hacemos texturizados, pintura decorativa y asesoría de colores sin costo adicional.',
    ],
  },
  remodelacion: {
    related: ['pintura', 'ebanisteria', 'plomeria'],
    companies: ['Construcciones {last}', 'Remodelaciones {region}', 'Obras y Diseños {last}', 'Constructora {first} {last}', 'Reformas Integrales {last}'],
    openers: [
      'Maestro constructor con {years} años de experiencia en remodelaciones completas.',
      'Llevamos {years} años transformando cocinas, baños y espacios en {place}.',
      'Empresa de remodelación con {years} años de trayectoria y un equipo propio de albañiles y técnicos.',
    ],
    specifics: [
      'Nos encargamos de todo: demolición, albañilería, pisos de porcelanato, plafones de yeso y terminaciones.',
      'Entregamos presupuesto detallado por partidas y cumplimos el cronograma acordado.',
      'Hacemos ampliaciones, terrazas techadas, cambios de piso y remodelaciones de baño llave en mano.',
    ],
  },
  seguridad: {
    related: ['electricidad', 'cerrajero'],
    companies: ['Seguridad Electrónica {last}', 'Vigilancia Total {region}', 'Sistemas de Seguridad {last}', 'CCTV y Alarmas {last}', 'Protección Inteligente {last}'],
    openers: [
      'Técnico en seguridad electrónica con {years} años de experiencia en hogares y negocios.',
      'Tenemos {years} años instalando cámaras, alarmas y controles de acceso en {place}.',
      'Llevo {years} años protegiendo viviendas y comercios con sistemas de vigilancia.',
    ],
    specifics: [
      'Instalamos cámaras IP y DVR con vista desde el celular, alarmas con monitoreo y cercas eléctricas.',
      'Configuramos porteros eléctricos, cerraduras inteligentes y sensores de movimiento.',
      'Damos mantenimiento preventivo y soporte por WhatsApp después de la instalación.',
    ],
  },
  herreria: {
    related: ['cerrajero', 'pintura'],
    companies: ['Herrería {last}', 'Metalúrgica {region}', 'Taller de Herrería {first}', 'Hierro y Diseño {last}', 'Herrería y Soldadura {last}'],
    openers: [
      'Herrero con {years} años de experiencia fabricando e instalando estructuras metálicas.',
      'Nuestro taller en {place} lleva {years} años haciendo trabajos de hierro a la medida.',
      'Soy soldador y herrero desde hace {years} años.',
    ],
    specifics: [
      'Fabricamos verjas, portones, rejas de ventanas, barandas y escaleras de caracol.',
      'Trabajamos hierro, aluminio y acero inoxidable, con pintura anticorrosiva incluida.',
      'Reparamos portones corredizos y les instalamos motor automático.',
    ],
  },
  limpieza: {
    related: ['fumigacion', 'jardineria'],
    companies: ['Limpieza Total {last}', 'Servicios de Limpieza {region}', 'Brillo Dominicano', 'Limpio y Listo {last}', 'Higiene Profesional {last}'],
    openers: [
      'Servicio de limpieza profesional con {years} años de experiencia en {place}.',
      'Llevamos {years} años dejando relucientes casas, oficinas y apartamentos de alquiler.',
      'Tengo {years} años en el negocio de la limpieza residencial y comercial.',
    ],
    specifics: [
      'Hacemos limpieza profunda, post construcción y de mudanza, con nuestros propios productos y equipos.',
      'Lavamos muebles, colchones y alfombras a vapor, y limpiamos cristales en altura.',
      'Ofrecemos planes semanales y quincenales para apartamentos de alquiler vacacional.',
    ],
  },
  jardineria: {
    related: ['limpieza', 'fumigacion'],
    companies: ['Jardines {last}', 'Paisajismo Tropical {region}', 'Verde Vivo {last}', 'Jardinería y Paisajismo {last}', 'El Jardinero {last}'],
    openers: [
      'Jardinero y paisajista con {years} años de experiencia en {place}.',
      'Llevamos {years} años diseñando y cuidando jardines tropicales.',
      'Tengo {years} años trabajando en jardines de casas, residenciales y hoteles.',
    ],
    specifics: [
      'Cortamos grama, podamos árboles y palmas, y sembramos plantas adaptadas al clima.',
      'Instalamos sistemas de riego por goteo y aspersión, y diseñamos jardines de bajo mantenimiento.',
      'Damos mantenimiento mensual y recogemos todo el material al terminar.',
    ],
  },
  ebanisteria: {
    related: ['remodelacion', 'pintura'],
    companies: ['Ebanistería {last}', 'Muebles a la Medida {first}', 'Carpintería Fina {region}', 'Maderas y Diseños {last}', 'Taller de Ebanistería {last} e Hijos'],
    openers: [
      'Ebanista con {years} años de experiencia en muebles a la medida.',
      'Nuestro taller lleva {years} años fabricando cocinas, closets y puertas en {place}.',
      'Trabajo la madera desde hace {years} años, como aprendí de mi padre.',
    ],
    specifics: [
      'Fabricamos gabinetes de cocina, closets, centros de entretenimiento y puertas de caoba y pino tratado.',
      'Restauramos muebles antiguos, cambiamos bisagras y corredoras, y damos acabado con laca o barniz.',
      'Trabajamos con melamina, MDF y madera sólida, y entregamos diseño en 3D antes de fabricar.',
    ],
  },
  mudanza: {
    related: ['limpieza'],
    companies: ['Mudanzas {last}', 'Transporte y Mudanzas {region}', 'Mudanzas Seguras {first}', 'Carga y Mudanza {last}', 'Mudanzas Express {last}'],
    openers: [
      'Empresa de mudanzas con {years} años de experiencia en todo el país.',
      'Llevamos {years} años haciendo mudanzas locales y al interior desde {place}.',
      'Hago mudanzas y acarreos desde hace {years} años, con camión propio.',
    ],
    specifics: [
      'Embalamos, desmontamos y montamos muebles, y protegemos todo con mantas y plástico.',
      'Contamos con camiones de varios tamaños, personal de carga y seguro de mercancía.',
      'Hacemos mudanzas de oficina en fin de semana para que su negocio no pierda días.',
    ],
  },
  refrigeracion: {
    related: ['aire', 'electricidad'],
    companies: ['Refrigeración {last}', 'Frío Total {region}', 'Servicios de Refrigeración {last}', 'Polar Técnica {last}', 'Refrigeración y Clima {last}'],
    openers: [
      'Técnico en refrigeración con {years} años de experiencia en {place}.',
      'Tenemos {years} años reparando neveras, congeladores y cuartos fríos.',
      'Llevo {years} años en la refrigeración comercial y doméstica.',
    ],
    specifics: [
      'Reparamos neveras, freezers, bebederos y máquinas de hielo, con piezas originales.',
      'Hacemos recargas de gas, cambio de compresores y mantenimiento de cámaras frigoríficas para colmados y restaurantes.',
      'Damos garantía por escrito en la mano de obra y en las piezas instaladas.',
    ],
  },
  cerrajero: {
    related: ['seguridad', 'herreria'],
    companies: ['Cerrajería {last}', 'Llaves y Cerraduras {region}', 'Cerrajero 24 Horas {first}', 'Cerrajería Segura {last}', 'La Llave de {first}'],
    openers: [
      'Cerrajero con {years} años de experiencia y servicio de emergencia en {place}.',
      'Llevamos {years} años abriendo puertas y cambiando cerraduras sin dañar nada.',
      'Soy cerrajero desde hace {years} años.',
    ],
    specifics: [
      'Abrimos puertas, cajas fuertes y vehículos, y hacemos copias de llaves de alta seguridad.',
      'Instalamos cerraduras de seguridad, cerrojos y cerraduras digitales con clave o huella.',
      'Atendemos emergencias de día y de noche, y llegamos en menos de una hora.',
    ],
  },
  fumigacion: {
    related: ['limpieza', 'jardineria'],
    companies: ['Fumigadora {last}', 'Control de Plagas {region}', 'Fumigaciones {first}', 'Cero Plagas {last}', 'Fumigación Profesional {last}'],
    openers: [
      'Empresa de fumigación con {years} años de experiencia en {place}.',
      'Llevamos {years} años eliminando plagas en hogares, restaurantes y almacenes.',
      'Tengo {years} años como técnico en control de plagas.',
    ],
    specifics: [
      'Controlamos cucarachas, termitas, chinches, roedores y mosquitos con productos registrados.',
      'Usamos productos de bajo olor, seguros para niños y mascotas, y entregamos certificado de fumigación.',
      'Tratamos la madera contra el comején y ofrecemos planes de control trimestral.',
    ],
  },
  aire: {
    related: ['refrigeracion', 'electricidad'],
    companies: ['Aire Acondicionado {last}', 'Clima Ideal {region}', 'Servicios de Climatización {last}', 'Frescura Total {last}', 'Climatización {last} SRL'],
    openers: [
      'Técnico en aire acondicionado con {years} años de experiencia en {place}.',
      'Tenemos {years} años instalando y reparando aires acondicionados tipo split e inverter.',
      'Llevo {years} años trabajando con equipos de climatización residencial y comercial.',
    ],
    specifics: [
      'Instalamos, limpiamos y damos mantenimiento a splits, y hacemos recargas de gas refrigerante.',
      'Diagnosticamos tarjetas electrónicas y compresores, y recomendamos el equipo adecuado para cada espacio.',
      'Ofrecemos contratos de mantenimiento para que su aire enfríe más y gaste menos.',
    ],
  },
};

/** Closing sentences shared by every trade. */
export const CLOSERS = [
  'Presupuesto sin compromiso y garantía por escrito.',
  'Puntualidad, limpieza y buen trato en cada trabajo.',
  'Trabajamos de lunes a sábado y atendemos emergencias.',
  'Aceptamos pagos por transferencia y a través de la plataforma.',
  'Muchos de nuestros clientes nos recomiendan con sus vecinos y familiares.',
  'Visitamos su casa para evaluar el trabajo antes de cotizar.',
];

/**
 * Primary trades of the contractors, in order; each service leads at least three
 * contractors. The list length is the contractor total (49).
 */
export const CONTRACTOR_PRIMARY_TRADES: readonly (readonly [ServiceType, number])[] = [
  ['plomeria', 5],
  ['electricidad', 5],
  ['pintura', 4],
  ['remodelacion', 4],
  ['aire', 4],
  ['refrigeracion', 3],
  ['herreria', 3],
  ['seguridad', 3],
  ['limpieza', 3],
  ['jardineria', 3],
  ['ebanisteria', 3],
  ['cerrajero', 3],
  ['fumigacion', 3],
  ['mudanza', 3],
];
