import type { LegalDocument } from './legal-types.ts';

export const PRIVACY: LegalDocument = {
  title: 'Política de privacidad',
  updated: 'Última actualización: 21 de noviembre de 2026',
  intro:
    'En ArreglaYa, S.R.L. (Santo Domingo, República Dominicana) tratamos tus datos personales conforme a la Ley n.º 172-13 sobre protección de datos de carácter personal. Esta política explica qué datos recogemos, para qué, cuánto tiempo los guardamos y cómo ejercer tus derechos.',
  sections: [
    {
      title: '1. Qué datos recogemos',
      paragraphs: [
        'Datos de cuenta: nombre, apellido, correo, contraseña (guardada solo como huella cifrada), tipo de usuario, teléfono, dirección, foto y redes sociales que decidas añadir.',
        'Contratistas: nombre de la empresa, cédula, servicios, ciudad, zona y descripción. Ferreterías: nombre del responsable, cédula, dirección, datos de contacto y cuenta bancaria (el número se guarda cifrado y solo mostramos los últimos 4 dígitos).',
        'Actividad: proyectos, fotos, ofertas, mensajes del chat, comentarios, favoritos, reclamaciones y el registro de uso (páginas informativas visitadas, fecha, sesión).',
        'Pagos: no guardamos el número completo de tu tarjeta ni el código de seguridad; el procesador de pagos los custodia y nosotros conservamos un identificador, la marca, los últimos 4 dígitos y la fecha de vencimiento.',
        'Formularios de contacto, reserva rápida, recomendaciones y boletín: lo que escribas en ellos. Si recomiendas a un amigo, su nombre y su correo o teléfono.',
      ],
    },
    {
      title: '2. Para qué los usamos',
      paragraphs: [
        'Para prestar el servicio: mostrar tu perfil, poner en contacto a clientes y contratistas, procesar y proteger los pagos, resolver reclamaciones y enviarte avisos sobre tus proyectos.',
        'Para la seguridad: verificar identidades, prevenir fraudes y abusos y cumplir obligaciones legales y fiscales.',
        'Para mejorar: estadísticas agregadas de uso. Para comunicaciones comerciales, como el boletín, solo con tu consentimiento, que puedes retirar con un clic en cualquier correo.',
      ],
    },
    {
      title: '3. Con quién los compartimos',
      paragraphs: [
        'Con la otra parte de un proyecto, solo lo necesario: antes de contratar, el nombre de pila y la calificación; los datos de contacto (teléfono y correo del contratista; nombre completo, teléfono, correo y dirección del cliente) solo cuando el pago para empezar queda retenido en la protección de pagos. Hasta entonces conversan por el chat de ArreglaYa. Con proveedores que nos ayudan a operar (alojamiento, correo, procesador de pagos), obligados por contrato a proteger los datos. Con autoridades, cuando la ley lo exija. Nunca vendemos tus datos.',
      ],
    },
    {
      title: '4. Cuánto tiempo los guardamos',
      paragraphs: [
        'Los datos de tu cuenta, mientras esté activa. Al eliminarla borramos tus datos personales; los comentarios y conversaciones con otras personas quedan anonimizados como «Usuario eliminado».',
        'Los registros de pagos y movimientos de dinero se conservan 10 años por obligaciones contables y fiscales. Los mensajes de contacto y las solicitudes, 2 años. El registro de uso, 1 año. Los correos de personas recomendadas que no se registran, 1 año.',
      ],
    },
    {
      title: '5. Tus derechos',
      paragraphs: [
        'Según la Ley 172-13 puedes acceder a tus datos, rectificarlos, cancelarlos (suprimirlos) y oponerte a su tratamiento, además de retirar tu consentimiento en cualquier momento. Muchos cambios puedes hacerlos tú mismo desde «Mi cuenta».',
        'Para ejercer tus derechos escribe a privacidad@arreglaya.do o usa la página de contacto. Responderemos en un plazo máximo de 10 días hábiles. Si no quedas satisfecho, puedes acudir a los tribunales mediante la acción de habeas data.',
      ],
    },
    {
      title: '6. Seguridad',
      paragraphs: [
        'Usamos conexiones cifradas, contraseñas guardadas con algoritmos de huella resistentes, cifrado de datos sensibles como las cuentas bancarias y acceso restringido al personal que lo necesita.',
      ],
    },
    {
      title: '7. Cookies y almacenamiento local',
      paragraphs: [
        'Usamos una cookie de sesión necesaria para mantenerte conectado y el almacenamiento local del navegador para recordar tu país. No usamos cookies de publicidad.',
      ],
    },
    {
      title: '8. Cambios',
      paragraphs: ['Si cambiamos esta política de forma importante te avisaremos por correo o en la Plataforma antes de que el cambio entre en vigor.'],
    },
  ],
};
