import type { ServiceType } from '@arreglaya/shared/domain';

// Texts of reviews, replies and quotes. {first} is the other person's first name.

export const REVIEW_TITLES: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: ['¡Excelente trabajo!', 'Muy recomendado', 'Trabajo impecable', 'Cumplió con todo lo acordado', 'Cien por ciento recomendado', 'Muy profesional'],
  4: ['Buen trabajo', 'Resultado satisfactorio', 'Lo recomiendo', 'Buen servicio', 'Cumplió, con detalles menores'],
  3: ['Trabajo aceptable', 'Bien, pero se tardó', 'Regular', 'Cumplió a medias'],
  2: ['Esperaba más', 'Poca comunicación', 'Llegó tarde varias veces'],
  1: ['No lo recomiendo', 'Mala experiencia'],
};

/** Praise that fits the trade, for ratings of 4 and 5. */
export const TRADE_PRAISE: Record<ServiceType, readonly string[]> = {
  plomeria: [
    'Encontró la fuga en menos de una hora y la reparó sin romper media pared.',
    'Cambió todas las tuberías del baño y dejó todo limpio. Ya no tenemos problemas de presión.',
    'Instaló el calentador y revisó las conexiones de gas con mucho cuidado.',
  ],
  electricidad: [
    'Hizo el circuito nuevo de la cocina y ya no se dispara el breaker.',
    'Cambió el panel y me explicó cada circuito. Todo quedó rotulado y ordenado.',
    'Instaló el inversor con las baterías y ya no sufrimos con los apagones.',
  ],
  pintura: [
    'La pintura quedó pareja, sin manchas, y protegieron todos los muebles.',
    'Resanaron las grietas antes de pintar y la fachada quedó como nueva.',
    'Me ayudaron a escoger los colores y el resultado fue mejor de lo que esperaba.',
  ],
  remodelacion: [
    'El baño quedó precioso y terminaron en la fecha que prometieron.',
    'El porcelanato quedó perfectamente nivelado. Se nota el oficio.',
    'Nos mantuvo informados todos los días y respetó el presupuesto.',
  ],
  seguridad: [
    'Instaló las cámaras y me configuró la aplicación en el celular. Se ven muy claras de noche.',
    'La alarma quedó funcionando perfecto y me enseñó a usarla.',
    'Trabajo muy ordenado, con los cables bien escondidos.',
  ],
  herreria: [
    'La verja quedó firme y con muy buena terminación de soldadura.',
    'Arregló el portón corredizo y ahora abre con un dedo.',
    'Las rejas quedaron bonitas y seguras, tal como en el diseño.',
  ],
  limpieza: [
    'Dejaron el apartamento reluciente después de la remodelación.',
    'Los muebles y los colchones quedaron como nuevos.',
    'Equipo puntual y muy cuidadoso con nuestras cosas.',
  ],
  jardineria: [
    'El jardín quedó hermoso y recogieron todas las ramas.',
    'Podaron los árboles con mucho cuidado de no tocar los cables.',
    'El riego automático funciona perfecto y la grama está verde.',
  ],
  ebanisteria: [
    'Los gabinetes quedaron perfectos, con muy buenas terminaciones.',
    'Restauró el comedor de mi abuela y parece nuevo.',
    'El closet quedó a la medida exacta y las puertas corren suave.',
  ],
  mudanza: [
    'No se rompió nada y montaron todos los muebles en la casa nueva.',
    'Muy rápidos y organizados. Embalaron la vajilla con mucho cuidado.',
    'Llegaron a la hora acordada y la mudanza se hizo en una mañana.',
  ],
  refrigeracion: [
    'La nevera volvió a enfriar el mismo día y me dio garantía.',
    'Cambió el compresor del freezer rápido y a buen precio.',
    'Resolvió el problema del cuarto frío antes del fin de semana.',
  ],
  cerrajero: [
    'Llegó en media hora y abrió la puerta sin dañarla.',
    'Cambió todas las cerraduras y me explicó cómo mantenerlas.',
    'La cerradura digital quedó perfecta y me configuró las claves.',
  ],
  fumigacion: [
    'Desde la fumigación no hemos vuelto a ver cucarachas.',
    'Trataron el comején y nos dieron certificado y garantía.',
    'Productos sin olor fuerte y muy cuidadosos con los niños y el perro.',
  ],
  aire: [
    'Instaló el split en una mañana y quedó muy bien nivelado, sin goteos.',
    'Después del mantenimiento los aires enfrían mucho mejor.',
    'Encontró el problema de la tarjeta y lo resolvió a buen precio.',
  ],
};

export const CLOSING_PRAISE = [
  'Mucha puntualidad y buen trato.',
  'Volvería a contratar sus servicios sin pensarlo.',
  'El precio fue justo para la calidad del trabajo.',
  'Dejó todo limpio al terminar.',
  'Siempre respondió rápido por el chat.',
  '',
];

export const MIXED_COMMENTS = [
  'El trabajo quedó bien, pero se tardó casi el doble de lo acordado.',
  'Resolvió el problema, aunque tuve que insistir varias veces para que vinieran.',
  'Conoce bien el oficio, pero dejó sucio al terminar y tuve que limpiar yo.',
  'El resultado es aceptable, pero el precio final fue más alto de lo que hablamos.',
  'Llegó tarde dos días y no avisó. El trabajo en sí está bien.',
];

export const POOR_COMMENTS = ['No cumplió con la fecha y el trabajo tuvo que corregirlo otra persona.', 'Dejó el trabajo a medias y fue muy difícil mantener la comunicación.'];

export const CONTRACTOR_REPLIES_GOOD = [
  '¡Muchas gracias, {first}! Fue un placer trabajar con usted.',
  'Gracias por la confianza, {first}. Estamos a la orden para lo que necesite.',
  '¡Gracias por sus palabras! Nos alegra que el trabajo haya quedado a su gusto.',
];

export const CONTRACTOR_REPLIES_BAD = [
  'Lamentamos la demora, {first}. Tuvimos un problema con los materiales y debimos avisarle a tiempo. Ya mejoramos eso.',
  'Gracias por el comentario, {first}. Tomamos nota para mejorar la comunicación.',
];

/** What contractors say about clients. */
export const CLIENT_REVIEWS: readonly (readonly [1 | 2 | 3 | 4 | 5, string, string])[] = [
  [5, 'Excelente cliente', 'Muy claro con lo que quería y pagó a tiempo a través de la plataforma.'],
  [5, 'Un placer trabajar aquí', 'Nos facilitó el acceso y estuvo pendiente de todo. Muy amable.'],
  [5, 'Cliente puntual', 'Cumplió con los pagos y siempre respondió los mensajes.'],
  [4, 'Buen cliente', 'Todo bien. Cambió algunos detalles a mitad del trabajo, pero lo conversamos sin problema.'],
  [4, 'Buena comunicación', 'Explicó bien el problema desde el principio y tuvo los materiales listos.'],
  [3, 'Cliente exigente', 'Pidió varios cambios fuera del presupuesto, pero al final llegamos a un acuerdo.'],
];

/** Sentences a contractor puts in a quote; the seed joins two. */
export const QUOTE_OPENERS = [
  'Buenas, le puedo hacer el trabajo completo.',
  'Saludos. Revisé la descripción y tengo experiencia con este tipo de trabajo.',
  'Hola, con gusto le ayudo con este proyecto.',
  'Buenas tardes. Podemos empezar en la fecha que usted indicó.',
  'Saludos cordiales. Le envío mi propuesta.',
];

export const QUOTE_DETAILS = [
  'El precio incluye materiales y mano de obra, con garantía de seis meses.',
  'El precio es solo mano de obra; los materiales los compramos juntos con factura.',
  'Calculo de dos a tres días de trabajo. Incluye limpieza al terminar.',
  'Puedo pasar antes a ver el lugar sin costo para confirmar el precio.',
  'Trabajo con mi ayudante, así terminamos más rápido.',
  'Incluye garantía por escrito y seguimiento a los quince días.',
];
