import type { LegalDocument } from './legal-types.ts';

// Spec §2 terms, with its coupon model replaced by our payment protection (docs/spec-decisions.md).
export const TERMS: LegalDocument = {
  title: 'Términos de uso',
  updated: 'Última actualización: 21 de noviembre de 2026',
  intro:
    'Estos términos regulan el uso del sitio y la aplicación ArreglaYa (la «Plataforma»), operada por ArreglaYa, S.R.L., con domicilio en Santo Domingo, República Dominicana («ArreglaYa», «nosotros»). Al crear una cuenta, publicar un proyecto, enviar una oferta o pagar a través de la Plataforma aceptas estos términos. Si no estás de acuerdo, no uses la Plataforma.',
  sections: [
    {
      title: '1. Qué es ArreglaYa',
      paragraphs: [
        'ArreglaYa es un intermediario que pone en contacto a propietarios y otras personas que necesitan trabajos en su hogar o local («Clientes») con contratistas independientes («Contratistas»). ArreglaYa no presta los servicios de reparación, no emplea a los Contratistas y no es parte del contrato de obra que celebran Cliente y Contratista.',
        'Cada Contratista es el único responsable de la calidad, la seguridad, los permisos y las garantías de su trabajo. La insignia de «verificado» indica que comprobamos su identidad y sus datos de contacto; no es una garantía de su trabajo.',
      ],
    },
    {
      title: '2. Cuentas',
      paragraphs: [
        'Para usar la mayoría de las funciones debes crear una cuenta con datos verdaderos y ser mayor de edad. Eres responsable de mantener tu contraseña en secreto y de toda actividad realizada con tu cuenta. Avísanos de inmediato si sospechas un uso no autorizado.',
        'Puedes eliminar tu cuenta en cualquier momento desde «Mi cuenta», salvo mientras tengas trabajos en curso o dinero retenido en la protección de pagos.',
      ],
    },
    {
      title: '3. Contenido de los usuarios',
      paragraphs: [
        'Los proyectos, ofertas, mensajes, fotos, comentarios y demás contenido que publiques son de tu exclusiva responsabilidad. Declaras que tienes derecho a publicarlos y que no infringen la ley ni derechos de terceros.',
        'Nos concedes una licencia gratuita y no exclusiva para mostrar ese contenido en la Plataforma mientras esté publicado. Podemos retirar, sin previo aviso, cualquier contenido que incumpla estos términos, sea engañoso, ofensivo o ilegal. Los comentarios pasan por moderación antes de publicarse.',
      ],
    },
    {
      title: '4. Conducta prohibida y suspensión de cuentas',
      paragraphs: [
        'No está permitido: suplantar a otra persona, publicar información falsa, acosar o discriminar, enviar publicidad no solicitada, acordar pagos fuera de la Plataforma para evitar la comisión o la protección de pagos, manipular calificaciones, ni intentar vulnerar la seguridad de la Plataforma.',
        'Podemos suspender o cancelar, con o sin previo aviso, la cuenta de quien haga un uso indebido de la Plataforma, sin perjuicio de las acciones legales que correspondan.',
      ],
    },
    {
      title: '5. Ofertas y precios',
      paragraphs: [
        'Los Contratistas envían ofertas con un precio y una descripción del trabajo. El Cliente elige libremente la oferta que prefiera o ninguna. Al aceptar una oferta se forma un acuerdo entre Cliente y Contratista por el precio acordado.',
        'Los precios se expresan en pesos dominicanos (DOP) o en dólares estadounidenses (USD), según indique la oferta, e incluyen los impuestos aplicables (como el ITBIS). En Colombia y México se usan el peso colombiano y el peso mexicano.',
      ],
    },
    {
      title: '6. Protección de pagos',
      paragraphs: [
        'Al aceptar una oferta, el Cliente paga el precio acordado, que ArreglaYa retiene en nombre de ambas partes. El Contratista no recibe el dinero hasta que el trabajo está terminado y aprobado: esa retención permite a ArreglaYa proteger al Cliente.',
        'Cuando el Contratista marca el trabajo como entregado, el Cliente tiene 7 días para aprobarlo o abrir una reclamación. Si no hace ninguna de las dos cosas, el trabajo se considera aprobado y el pago se libera. Los trabajos divididos en etapas siguen estas reglas en cada etapa.',
        'Usar la protección de pagos supone aceptar estos términos.',
      ],
    },
    {
      title: '7. Reclamaciones y devoluciones',
      paragraphs: [
        'El Cliente puede abrir una reclamación desde el proyecto, dentro de los 7 días siguientes a la entrega, o escribiendo a reclamaciones@arreglaya.do. Mientras se revisa, el pago queda congelado.',
        'ArreglaYa investiga con ambas partes (mensajes, fotos y demás pruebas) y su comité de reclamaciones decide liberar el pago, devolver una parte al Cliente o devolverlo todo. La decisión se comunica por correo a ambas partes, normalmente en un plazo de 10 días hábiles.',
      ],
    },
    {
      title: '8. Comisiones',
      paragraphs: [
        'Usar ArreglaYa es gratis para los Clientes. Los Contratistas pagan una comisión de la plataforma, un porcentaje de cada pago que se les libera. El porcentaje vigente se muestra en su cuenta antes de enviar una oferta; los cambios no afectan a ofertas ya aceptadas.',
      ],
    },
    {
      title: '9. Mediación',
      paragraphs: [
        'ArreglaYa puede, a su criterio, mediar en los desacuerdos entre Clientes y Contratistas, pero no está obligada a hacerlo, salvo en lo que respecta al dinero retenido por la protección de pagos.',
      ],
    },
    {
      title: '10. Responsabilidad',
      paragraphs: [
        'Como intermediario, ArreglaYa no responde por los daños derivados de los trabajos contratados, más allá de la devolución del dinero retenido que decida el comité de reclamaciones. Nada en estos términos limita los derechos que la ley reconoce a los consumidores.',
      ],
    },
    {
      title: '11. Ley aplicable y resolución de disputas',
      paragraphs: [
        'Estos términos se rigen por las leyes de la República Dominicana. Las disputas con ArreglaYa se someterán a arbitraje en la República Dominicana, sin perjuicio del derecho del usuario a acudir a Pro Consumidor y a invocar la Ley General de Protección de los Derechos del Consumidor o Usuario n.º 358-05.',
      ],
    },
    {
      title: '12. Cambios y contacto',
      paragraphs: [
        'Podemos modificar estos términos; te avisaremos por correo o en la Plataforma con al menos 15 días de antelación cuando el cambio sea importante. Para cualquier consulta, escríbenos desde la página de contacto o a contacto@arreglaya.do.',
      ],
    },
  ],
};
