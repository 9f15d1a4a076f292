// The help centre's answers. Grounded in how the product works (shared/DOMAIN.md): payment
// protection, quotes, claims within 7 days, moderated reviews, verification, fees.

export const FAQ_CATEGORIES = ['propietarios', 'contratistas', 'socios', 'ferreterias', 'app'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  propietarios: 'Propietarios',
  contratistas: 'Contratistas',
  socios: 'Socios',
  ferreterias: 'Ferreterías',
  app: 'Nuestra app',
};

export interface Faq {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  /** Extra words people search with (chips like 'Iniciando', 'Guías'). */
  tags: string;
}

export const FAQS: readonly Faq[] = [
  // Propietarios
  {
    id: 'publicar-proyecto',
    category: 'propietarios',
    question: '¿Cómo publico un proyecto?',
    answer:
      'Inicia sesión con tu cuenta de cliente y pulsa «Solicitar servicio». Elige uno o varios servicios (plomería, electricidad, pintura…), escribe un título, el tipo de propiedad, la fecha de inicio y una descripción de hasta 400 caracteres. Puedes añadir fotos de hasta 8 MB en JPG, PNG o WebP. Al guardar, el proyecto queda «Abierto» y los contratistas de esos servicios reciben el aviso.',
    tags: 'iniciando guías proyectos nuevo proyecto solicitar servicio',
  },
  {
    id: 'cuanto-cuesta-cliente',
    category: 'propietarios',
    question: '¿Cuánto cuesta usar ArreglaYa como cliente?',
    answer:
      'Nada. Publicar proyectos, recibir ofertas, conversar con contratistas y guardar favoritos es gratis para los clientes. Solo pagas el precio que acuerdes con el contratista; la comisión de la plataforma la paga el contratista.',
    tags: 'pagos precio gratis comisión',
  },
  {
    id: 'recibir-ofertas',
    category: 'propietarios',
    question: '¿Cómo recibo y comparo las ofertas?',
    answer:
      'Cada oferta llega a «Mis proyectos» y te avisamos por notificación y correo. En cada una ves el precio, la descripción del trabajo, la calificación del contratista, sus reseñas y los proyectos que ha completado. Puedes chatear con cada contratista antes de decidir.',
    tags: 'proyectos ofertas cotizaciones notificación',
  },
  {
    id: 'contraoferta',
    category: 'propietarios',
    question: '¿Puedo proponer otro precio?',
    answer:
      'Sí. Desde la oferta puedes proponer un precio distinto. Si el contratista lo acepta, ese pasa a ser el precio acordado; si no, la oferta original sigue disponible hasta que venza.',
    tags: 'pagos ofertas negociar',
  },
  {
    id: 'aceptar-oferta',
    category: 'propietarios',
    question: '¿Qué pasa cuando acepto una oferta?',
    answer:
      'El proyecto pasa a «Asignado», las demás ofertas se rechazan automáticamente y pagas el precio acordado (o la primera etapa) en 72 horas; si no, la contratación se cancela y el proyecto vuelve a recibir ofertas. Ese dinero no va al contratista todavía: queda retenido por la protección de pagos hasta que apruebes el trabajo terminado. El contratista no puede empezar hasta que el pago esté retenido, y solo entonces se comparten los datos de contacto.',
    tags: 'pagos proyectos asignado',
  },
  {
    id: 'proteccion-pagos',
    category: 'propietarios',
    question: '¿Cómo funciona la protección de pagos?',
    answer:
      'Cuando aceptas una oferta, ArreglaYa retiene el pago. El contratista hace el trabajo y lo marca como entregado. Tú lo revisas: si lo apruebas, liberamos el dinero al contratista. Si no respondes en 7 días, se aprueba automáticamente. Si algo no quedó como acordaron, abres una reclamación dentro de esos 7 días.',
    tags: 'pagos garantía retenido escrow seguro',
  },
  {
    id: 'reclamacion',
    category: 'propietarios',
    question: '¿Cómo abro una reclamación?',
    answer:
      'En «Mis proyectos», abre el proyecto entregado y pulsa «Abrir reclamación» dentro de los 7 días siguientes a la entrega. Explica qué falló y adjunta fotos. El pago queda congelado, nuestro equipo revisa la conversación y las pruebas con ambas partes y decide: liberar el pago, devolverte una parte o devolverlo todo.',
    tags: 'pagos reclamo devolución problema disputa',
  },
  {
    id: 'cancelar-proyecto',
    category: 'propietarios',
    question: '¿Puedo cancelar un proyecto?',
    answer:
      'Mientras esté «Abierto» puedes editarlo o cancelarlo sin costo. Después de aceptar una oferta solo se cancela con la devolución completa de lo retenido: si ambos están de acuerdo, o si nuestro equipo lo decide tras una reclamación.',
    tags: 'proyectos cancelar devolución',
  },
  {
    id: 'escribir-comentario',
    category: 'propietarios',
    question: '¿Cuándo puedo calificar a un contratista?',
    answer:
      'Cuando el proyecto está «Completado» puedes dejar una reseña: una calificación de 1 a 5 estrellas con un título y un comentario, una vez por proyecto. Nuestro equipo de moderación revisa cada reseña antes de publicarla; solo las aprobadas cuentan en la calificación.',
    tags: 'comentarios reseñas calificación estrellas',
  },
  {
    id: 'favoritos',
    category: 'propietarios',
    question: '¿Cómo guardo a un contratista en favoritos?',
    answer: 'Pulsa el corazón en la tarjeta del contratista. Lo encontrarás en «Mis favoritos», donde puedes filtrar por tipo de servicio para volver a contratarlo.',
    tags: 'mi cuenta favoritos',
  },
  // Contratistas
  {
    id: 'registrarse-contratista',
    category: 'contratistas',
    question: '¿Cómo me registro como contratista?',
    answer:
      'Pulsa «Regístrate», elige «Contratista» y confirma tu correo con el código que te enviamos. Después completa tu perfil: nombre de la empresa, cédula, servicios que ofreces, ciudad, dirección y una descripción. Un perfil completo recibe más respuestas.',
    tags: 'iniciando guías registro cuenta',
  },
  {
    id: 'verificacion',
    category: 'contratistas',
    question: '¿Qué significa la insignia de verificado?',
    answer:
      'Significa que nuestro equipo comprobó tu identidad con tu cédula y tus datos de contacto. Los clientes ven la insignia en tu tarjeta y en tu perfil público. Para pedir la verificación, completa tu perfil con una cédula válida.',
    tags: 'verificado insignia cédula confianza',
  },
  {
    id: 'encontrar-proyectos',
    category: 'contratistas',
    question: '¿Cómo encuentro proyectos?',
    answer:
      'En «Seleccionar proyecto» ves los proyectos abiertos, con filtros por servicio y zona. Además, cada día te enviamos un resumen con los proyectos nuevos de tus servicios, si tienes activadas las notificaciones.',
    tags: 'proyectos notificación buscar',
  },
  {
    id: 'enviar-oferta',
    category: 'contratistas',
    question: '¿Cómo envío una oferta?',
    answer:
      'Abre el proyecto y pulsa «Hacer oferta». Indica el precio, describe qué incluye y hasta cuándo vale. Solo puedes tener una oferta abierta por proyecto: si envías otra, reemplaza a la anterior. Puedes retirarla mientras el cliente no la haya aceptado.',
    tags: 'proyectos ofertas cotización',
  },
  {
    id: 'cobrar',
    category: 'contratistas',
    question: '¿Cuándo y cómo cobro?',
    answer:
      'El cliente paga al aceptar tu oferta y el dinero queda retenido; no empieces antes: la plataforma no te deja marcar el trabajo en progreso hasta que el pago esté retenido. Cuando terminas, marcas el trabajo como entregado; al aprobarlo el cliente (o a los 7 días sin respuesta ni reclamación) liberamos el pago a tu cuenta, descontada la comisión de la plataforma.',
    tags: 'pagos cobro dinero',
  },
  {
    id: 'comision',
    category: 'contratistas',
    question: '¿Cuál es la comisión de ArreglaYa?',
    answer:
      'Registrarte y enviar ofertas es gratis. Cobramos una comisión de la plataforma, un porcentaje de cada pago que se te libera. Al escribir el precio de cada oferta ves el porcentaje vigente y cuánto recibirás, para que lo tengas en cuenta en tu precio.',
    tags: 'pagos comisión tarifa',
  },
  {
    id: 'pagos-por-etapas',
    category: 'contratistas',
    question: '¿Puedo cobrar por etapas en un trabajo grande?',
    answer:
      'Sí. Una oferta aceptada puede dividirse en etapas (por ejemplo, depósito de materiales, avance y final). Cada etapa se paga y se libera por separado cuando el cliente la aprueba.',
    tags: 'pagos etapas materiales',
  },
  {
    id: 'reclamacion-contratista',
    category: 'contratistas',
    question: '¿Qué pasa si un cliente abre una reclamación?',
    answer:
      'El pago queda congelado mientras nuestro equipo revisa el caso. Te pediremos tu versión y pruebas (fotos, mensajes). La decisión puede ser liberar el pago, devolver una parte al cliente o devolverlo todo. Responder rápido y con pruebas ayuda a resolverlo antes.',
    tags: 'pagos reclamo disputa',
  },
  {
    id: 'responder-comentario',
    category: 'contratistas',
    question: '¿Puedo responder a una reseña?',
    answer: 'Sí, puedes responder una vez y públicamente a cada reseña aprobada sobre ti. Si crees que una reseña incumple las normas, escríbenos desde la página de contacto.',
    tags: 'comentarios reseñas',
  },
  // Socios
  {
    id: 'que-es-socio',
    category: 'socios',
    question: '¿Qué es un socio de ArreglaYa?',
    answer:
      'Empresas como constructoras, administradoras de edificios o aseguradoras que necesitan reparaciones con frecuencia. Firmamos un acuerdo corporativo con condiciones para sus proyectos y un contacto dedicado.',
    tags: 'acuerdo corporativo empresas',
  },
  {
    id: 'ser-socio',
    category: 'socios',
    question: '¿Cómo firmo un acuerdo corporativo?',
    answer: 'Escríbenos desde la página de contacto eligiendo el tipo de mensaje «Sociedad». Te respondemos en menos de 24 horas para conocer tus necesidades.',
    tags: 'contacto sociedad acuerdo',
  },
  {
    id: 'recomendar-amigo',
    category: 'socios',
    question: '¿Cómo recomiendo ArreglaYa a un amigo?',
    answer:
      'En la página de ferreterías encontrarás el formulario «Recomienda a un amigo»: escribe su nombre y su correo o teléfono. Si das un correo, le enviamos una invitación. También puedes compartir por Facebook, X, LinkedIn, correo o WhatsApp.',
    tags: 'recomendar compartir invitar',
  },
  {
    id: 'facturas-empresas',
    category: 'socios',
    question: '¿Los precios incluyen impuestos?',
    answer:
      'Sí. Los precios que ves en las ofertas incluyen los impuestos aplicables. Los pagos se hacen en pesos dominicanos o en dólares estadounidenses, según la moneda de la oferta.',
    tags: 'pagos impuestos itbis moneda dólares pesos',
  },
  // Ferreterías
  {
    id: 'programa-ferreterias',
    category: 'ferreterias',
    question: '¿Qué es el programa para ferreterías?',
    answer:
      'Tu ferretería recomienda ArreglaYa a sus clientes y a los técnicos que conoce: los clientes encuentran contratistas verificados y los técnicos, proyectos nuevos. Revisamos tu solicitud y te contactamos para acordar cómo colaboramos.',
    tags: 'ferretería socio',
  },
  {
    id: 'solicitud-ferreteria',
    category: 'ferreterias',
    question: '¿Qué necesito para inscribir mi ferretería?',
    answer:
      'Completa la solicitud en la página de ferreterías con el nombre del responsable, su cédula, la dirección, el teléfono, el correo, los servicios o productos que ofreces y una cuenta bancaria por si acordamos pagos contigo. Te contactamos en menos de 24 horas.',
    tags: 'iniciando guías solicitud',
  },
  {
    id: 'cuenta-bancaria-segura',
    category: 'ferreterias',
    question: '¿Está segura mi cuenta bancaria?',
    answer: 'Sí. Guardamos el número de cuenta cifrado y nunca lo mostramos completo: en correos y pantallas solo aparecen los últimos 4 dígitos.',
    tags: 'pagos seguridad banco cifrado',
  },
  {
    id: 'pago-comisiones',
    category: 'ferreterias',
    question: '¿Recibo un pago por cada proyecto recomendado?',
    answer:
      'Hoy no: ArreglaYa no registra qué proyectos llegan desde cada ferretería ni paga por proyecto de forma automática. Si al revisar tu solicitud acordamos algún pago contigo, lo hacemos directamente y por escrito. Puedes escribirnos desde la página de contacto.',
    tags: 'pagos comisión',
  },
  // Nuestra app
  {
    id: 'crear-cuenta',
    category: 'app',
    question: '¿Cómo creo mi cuenta?',
    answer:
      'Pulsa «Regístrate», elige si eres cliente o contratista, escribe tu nombre, correo y una contraseña, y acepta los términos de uso. Te enviamos un código al correo para confirmarla.',
    tags: 'iniciando mi cuenta registro guías',
  },
  {
    id: 'olvide-contrasena',
    category: 'app',
    question: 'Olvidé mi contraseña, ¿qué hago?',
    answer: 'En la ventana de inicio de sesión pulsa «¿Olvidaste tu contraseña?», escribe tu correo y te enviaremos un código. Con ese código eliges una contraseña nueva.',
    tags: 'mi cuenta contraseña acceso',
  },
  {
    id: 'notificaciones',
    category: 'app',
    question: '¿Cómo elijo qué notificaciones recibo?',
    answer:
      'En tu cuenta, entra en «Notificaciones». Puedes activar o desactivar los avisos inmediatos (ofertas nuevas para clientes, proyectos nuevos para contratistas), el boletín, las coincidencias y las ofertas especiales.',
    tags: 'notificación correo avisos mi cuenta',
  },
  {
    id: 'editar-perfil',
    category: 'app',
    question: '¿Cómo cambio mis datos o mi foto?',
    answer:
      'En «Mi cuenta» abre tu información personal: puedes cambiar tu nombre, teléfono, dirección, redes sociales y foto (JPG, PNG o WebP de hasta 8 MB). Tu correo no se puede cambiar desde ahí.',
    tags: 'mi cuenta perfil foto',
  },
  {
    id: 'eliminar-cuenta',
    category: 'app',
    question: '¿Cómo elimino mi cuenta?',
    answer:
      'En «Mi cuenta» › «Seguridad» pulsa «Borrar cuenta» y confirma. Borramos tus datos personales; las reseñas y conversaciones con otras personas quedan como «Usuario eliminado». Si tienes trabajos en curso o dinero retenido, primero hay que terminarlos o cancelarlos.',
    tags: 'mi cuenta borrar privacidad',
  },
  {
    id: 'chat',
    category: 'app',
    question: '¿Cómo funciona el chat?',
    answer:
      'En «Mis mensajes» ves tus conversaciones con clientes o contratistas. Puedes enviar texto e imágenes (PNG o JPG). Solo las dos personas de la conversación pueden leerla; nuestro equipo solo la revisa si se abre una reclamación.',
    tags: 'mensajes chat notificación',
  },
  {
    id: 'pais',
    category: 'app',
    question: '¿En qué países funciona ArreglaYa?',
    answer: 'En República Dominicana, Colombia y México. Elige tu país al pie de la página: así verás las ciudades, la moneda y el formato de teléfono correctos.',
    tags: 'país moneda ciudades',
  },
];

/** Lower case without accents, so 'plomeria' finds 'plomería' and 'NOTIFICACION' finds 'notificación'. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** FAQs whose question, answer or tags contain every word of the query. */
export function searchFaqs(query: string, faqs: readonly Faq[] = FAQS): Faq[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return faqs.filter((f) => {
    const haystack = foldText(`${f.question} ${f.answer} ${f.tags}`);
    return words.every((w) => haystack.includes(w));
  });
}

export const POPULAR_SEARCHES = ['Notificación', 'Iniciando', 'Proyectos', 'Mi cuenta', 'Pagos', 'Guías'] as const;
