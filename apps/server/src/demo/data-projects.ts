import type { PropertyType, ServiceType } from '@arreglaya/shared/domain';

// Project requests clients post, per service. Prices are in Dominican pesos (whole RD$);
// the seed turns them into centavos.

export interface ProjectTemplate {
  title: string;
  description: string;
  property: readonly PropertyType[];
  /** Typical price range in RD$. */
  price: readonly [number, number];
  /** Other services the request also needs. */
  also?: readonly ServiceType[];
}

const A: PropertyType[] = ['apartamento'];
const C: PropertyType[] = ['casa'];
const AC: PropertyType[] = ['apartamento', 'casa'];
const L: PropertyType[] = ['local_comercial'];
const ALL: PropertyType[] = ['apartamento', 'casa', 'local_comercial'];

const t = (title: string, description: string, property: PropertyType[], price: [number, number], also?: ServiceType[]): ProjectTemplate =>
  also ? { title, description, property, price, also } : { title, description, property, price };

export const PROJECT_TEMPLATES: Record<ServiceType, readonly ProjectTemplate[]> = {
  plomeria: [
    t(
      'Reparar filtración en el baño',
      'Hay una filtración debajo del lavamanos del baño principal y el agua está manchando el techo del vecino de abajo. Necesito que localicen la fuga y la reparen.',
      A,
      [2500, 9000],
    ),
    t(
      'Cambiar calentador de agua',
      'El calentador de 40 galones ya no calienta y gotea por abajo. Quiero cambiarlo por uno nuevo de gas y que revisen las conexiones.',
      AC,
      [8000, 25000],
    ),
    t('Destapar desagüe de la cocina', 'El fregadero de la cocina drena muy lento y sale mal olor. Ya probé con destapador y no se resolvió.', ALL, [1500, 4500]),
    t(
      'Instalar bomba y cisterna nueva',
      'La presión del agua en el segundo piso es muy baja. Necesito instalar una bomba de 1 HP y conectar la cisterna al tanque.',
      C,
      [18000, 45000],
      ['electricidad'],
    ),
    t(
      'Cambiar tuberías viejas del baño',
      'Las tuberías del baño son de hierro galvanizado y están oxidadas. Quiero cambiarlas por PVC o PPR antes de remodelar.',
      AC,
      [15000, 40000],
      ['remodelacion'],
    ),
    t(
      'Instalar inodoro y lavamanos',
      'Compré un inodoro y un lavamanos nuevos para el baño de visitas. Necesito que quiten los viejos e instalen los nuevos con sus llaves de paso.',
      AC,
      [3500, 8000],
    ),
  ],
  electricidad: [
    t(
      'Instalar breaker nuevo en la cocina',
      'El breaker de la cocina se dispara cada vez que uso el microondas y la estufa eléctrica a la vez. Necesito un circuito independiente.',
      AC,
      [3500, 12000],
    ),
    t(
      'Cambiar panel eléctrico completo',
      'El panel de la casa es muy viejo, tiene fusibles y se calienta. Quiero cambiarlo por un panel de breakers nuevo y revisar la puesta a tierra.',
      C,
      [25000, 60000],
    ),
    t('Instalar inversor y baterías', 'Con los apagones necesito un inversor de 3 kW con cuatro baterías que mantenga la nevera, las luces y el internet.', AC, [45000, 120000]),
    t('Iluminación LED para el local', 'Tengo un local comercial de 80 m² y quiero cambiar todas las lámparas fluorescentes por paneles LED.', L, [15000, 35000]),
    t('Revisar cortocircuito en la sala', 'Cuando enciendo la lámpara de la sala se va la luz en media casa. Se siente olor a quemado en un tomacorriente.', AC, [2000, 6000]),
    t('Instalar tomacorrientes en la terraza', 'Quiero poner cuatro tomacorrientes a prueba de agua y dos lámparas en la terraza del patio.', C, [5000, 14000]),
  ],
  pintura: [
    t(
      'Pintar apartamento de tres habitaciones',
      'Necesito pintar todo el interior de un apartamento de tres habitaciones, sala, comedor y pasillo. Las paredes tienen algunos huecos de clavos.',
      A,
      [25000, 60000],
    ),
    t('Pintar fachada de la casa', 'La fachada de la casa de dos niveles está descolorida y con manchas de humedad. Quiero limpiarla, sellar y pintar.', C, [30000, 80000]),
    t(
      'Impermeabilizar y pintar el techo',
      'Cuando llueve se filtra el agua por el techo de la habitación principal. Necesito impermeabilizar todo el techo de 120 m².',
      C,
      [35000, 90000],
    ),
    t(
      'Pintar local antes de inaugurar',
      'Vamos a abrir una cafetería y necesitamos pintar paredes y techo con los colores de la marca. Tenemos fecha de apertura.',
      L,
      [18000, 45000],
    ),
    t('Resanar grietas y pintar habitación', 'Una habitación tiene grietas finas en dos paredes. Quiero resanarlas bien y pintar todo de un color claro.', AC, [5000, 12000]),
    t('Pintar verja y portón', 'La verja de la casa y el portón tienen óxido. Necesito lijar, aplicar anticorrosivo y pintar de negro.', C, [8000, 20000], ['herreria']),
  ],
  remodelacion: [
    t(
      'Remodelar baño completo',
      'Quiero remodelar el baño principal: quitar la bañera, poner ducha con puerta de cristal, cambiar cerámica de piso y pared, y el mueble del lavamanos.',
      AC,
      [90000, 220000],
      ['plomeria'],
    ),
    t('Cambiar piso de la sala y el comedor', 'Quiero cambiar el piso de granito viejo por porcelanato de 60×60 en sala y comedor, unos 45 m².', AC, [60000, 150000]),
    t(
      'Techar la terraza del patio',
      'Necesito techar una terraza de 20 m² en el patio con estructura metálica y aluzinc, o cotizar en concreto.',
      C,
      [80000, 250000],
      ['herreria'],
    ),
    t('Hacer plafón de yeso en la sala', 'Quiero un plafón de yeso con luces empotradas en la sala y el comedor, aproximadamente 35 m².', AC, [40000, 95000], ['electricidad']),
    t('Levantar pared divisoria en el local', 'Necesito dividir el local con una pared de block para hacer una oficina y un almacén, con puerta.', L, [30000, 70000]),
    t(
      'Remodelar cocina',
      'La cocina tiene más de 20 años. Quiero cambiar el tope por granito, poner cerámica en la pared y nuevos gabinetes.',
      AC,
      [120000, 250000],
      ['ebanisteria', 'plomeria'],
    ),
  ],
  seguridad: [
    t('Instalar cámaras de seguridad en la casa', 'Quiero cuatro cámaras exteriores y dos interiores con grabador y poder verlas desde el celular.', C, [25000, 55000]),
    t('Alarma para el local comercial', 'Necesito una alarma con sensores en puertas y ventanas, sirena y aviso al celular para mi tienda.', L, [18000, 40000]),
    t('Instalar cerca eléctrica', 'Quiero instalar cerca eléctrica sobre la verja perimetral de la casa, unos 60 metros lineales.', C, [30000, 65000], ['electricidad']),
    t('Portero eléctrico para el edificio', 'El edificio tiene seis apartamentos y el intercomunicador no funciona. Queremos cambiarlo por uno con video.', A, [20000, 50000]),
    t('Revisar cámaras que no graban', 'Tengo un DVR con ocho cámaras y tres dejaron de grabar. Necesito diagnóstico y reparación.', ALL, [3000, 9000]),
  ],
  herreria: [
    t('Fabricar verja para la marquesina', 'Necesito una verja de hierro para la marquesina, de 5 metros de largo, con puerta peatonal.', C, [35000, 80000]),
    t('Poner rejas en las ventanas', 'Quiero rejas de hierro para cinco ventanas del primer piso, con diseño sencillo.', AC, [20000, 45000]),
    t('Reparar portón corredizo', 'El portón corredizo se salió del riel y cuesta mucho abrirlo. Hay que cambiar las ruedas y enderezar el riel.', C, [4000, 12000]),
    t('Baranda para la escalera', 'Necesito una baranda de hierro o acero inoxidable para una escalera interior de dos tramos.', AC, [18000, 50000]),
    t('Motor para portón eléctrico', 'Quiero automatizar el portón corredizo de la casa con motor y dos controles.', C, [22000, 48000], ['electricidad']),
    t('Fabricar escalera de caracol', 'Necesito una escalera de caracol metálica para subir a la azotea, de unos 3 metros de alto.', C, [45000, 95000]),
  ],
  limpieza: [
    t(
      'Limpieza profunda después de la remodelación',
      'Terminamos de remodelar el apartamento y hay polvo, restos de pintura y cemento por todas partes. Necesito limpieza post construcción.',
      A,
      [6000, 15000],
    ),
    t('Lavar muebles y colchones', 'Quiero lavar a vapor un mueble de tres piezas, dos colchones queen y una alfombra de la sala.', AC, [4500, 10000]),
    t('Limpieza semanal de oficina', 'Buscamos servicio de limpieza dos veces por semana para una oficina de 120 m² con dos baños.', L, [8000, 18000]),
    t('Limpieza antes de mudarme', 'Me mudo a un apartamento que estuvo cerrado un año. Necesito limpieza completa de cocina, baños y ventanas.', A, [4000, 9000]),
    t('Limpiar cristales del local', 'El local tiene vidrieras grandes en la fachada y un segundo nivel. Necesito limpieza de cristales por fuera y por dentro.', L, [3000, 7500]),
  ],
  jardineria: [
    t('Mantenimiento del jardín', 'Necesito cortar la grama, podar los arbustos y limpiar las jardineras de la casa, unos 200 m² de patio.', C, [2500, 6500]),
    t('Podar árboles del patio', 'Hay dos árboles de mango muy altos que tocan los cables y el techo. Necesito podarlos y sacar las ramas.', C, [6000, 18000]),
    t('Diseñar jardín en la entrada', 'Quiero un jardín nuevo en la entrada con plantas tropicales de poco mantenimiento, piedras decorativas y luces.', C, [25000, 70000]),
    t('Instalar riego automático', 'Quiero riego por goteo para las jardineras y aspersores para la grama, con temporizador.', C, [18000, 45000], ['plomeria']),
    t('Sembrar grama en el patio', 'El patio está en tierra. Quiero nivelarlo y sembrar grama, unos 80 m².', C, [15000, 35000]),
  ],
  ebanisteria: [
    t(
      'Fabricar gabinetes de cocina',
      'Necesito gabinetes altos y bajos para una cocina en L de 4 metros, en melamina blanca con tiradores de aluminio.',
      AC,
      [65000, 160000],
      ['remodelacion'],
    ),
    t('Closet a la medida en la habitación', 'Quiero un closet de pared a pared en la habitación principal, con puertas corredizas y gavetas.', AC, [35000, 85000]),
    t('Reparar puertas que no cierran', 'Tres puertas de madera se hincharon con la humedad y no cierran bien. Hay que ajustarlas y cambiar bisagras.', AC, [3000, 9000]),
    t('Restaurar comedor de caoba', 'Tengo un juego de comedor de caoba de mi abuela con ocho sillas. Quiero restaurarlo y darle acabado nuevo.', AC, [15000, 40000]),
    t('Centro de entretenimiento para la sala', 'Quiero un mueble de TV flotante con repisas y luces LED para una pared de 3 metros.', AC, [22000, 55000]),
    t('Mostrador para la tienda', 'Necesito un mostrador de madera con vitrina de cristal para una tienda de accesorios.', L, [30000, 75000]),
  ],
  mudanza: [
    t('Mudanza de apartamento de dos habitaciones', 'Me mudo a otro sector de la ciudad. Es un apartamento de dos habitaciones en un tercer piso sin ascensor.', A, [9000, 22000]),
    t('Mudanza de casa a otra provincia', 'Necesito mudar una casa de tres habitaciones a otra provincia, con embalaje de la vajilla y los cuadros.', C, [28000, 65000]),
    t('Mudar oficina pequeña', 'Vamos a mudar una oficina de ocho escritorios, archivos y equipos de computadora. Preferimos un sábado.', L, [15000, 35000]),
    t('Trasladar nevera y lavadora', 'Solo necesito mover una nevera grande y una lavadora a otra casa en el mismo sector.', AC, [2500, 6000]),
    t('Desmontar y montar muebles', 'Me mudo y necesito desmontar y volver a montar dos camas, un closet y un comedor.', AC, [4000, 10000]),
  ],
  refrigeracion: [
    t('Reparar nevera que no enfría', 'La nevera enfría arriba pero el congelador no. Hace ruido y se forma hielo en la parte de atrás.', AC, [3500, 12000]),
    t(
      'Mantenimiento del cuarto frío del colmado',
      'Tenemos un cuarto frío para las bebidas del colmado que está perdiendo temperatura. Necesitamos revisión y recarga.',
      L,
      [12000, 35000],
    ),
    t('Cambiar compresor del freezer', 'El freezer horizontal del negocio dejó de funcionar. El técnico anterior dijo que es el compresor.', L, [9000, 22000]),
    t('Revisar máquina de hielo', 'La máquina de hielo del restaurante produce muy poco y el hielo sale hueco.', L, [4000, 15000]),
    t('Reparar bebedero de la oficina', 'El bebedero de agua de la oficina ya no enfría el agua.', L, [2000, 6000]),
  ],
  cerrajero: [
    t('Cambiar cerraduras de la casa', 'Acabo de comprar la casa y quiero cambiar las cerraduras de las tres puertas exteriores.', C, [4500, 12000]),
    t('Instalar cerradura digital', 'Quiero instalar una cerradura digital con clave y huella en la puerta principal del apartamento.', A, [9000, 22000]),
    t('Abrir caja fuerte', 'Perdimos la combinación de una caja fuerte pequeña de la oficina y necesitamos abrirla sin dañar los documentos.', ALL, [3500, 9000]),
    t('Hacer copias de llaves de seguridad', 'Necesito seis copias de una llave de seguridad de puntos para el personal del local.', L, [1500, 4000]),
    t('Reforzar puerta principal', 'Quiero poner cerrojo de seguridad y una barra antipalanca en la puerta de la entrada.', AC, [5000, 14000], ['herreria']),
  ],
  fumigacion: [
    t('Fumigar contra cucarachas', 'Tenemos cucarachas en la cocina y los baños. Necesito fumigación completa del apartamento.', A, [2500, 6000]),
    t('Tratamiento contra comején', 'Encontramos comején en los marcos de las puertas y en un closet. Necesito tratamiento de la madera.', AC, [8000, 25000], ['ebanisteria']),
    t('Fumigación mensual del restaurante', 'Buscamos una empresa para control de plagas mensual con certificado para la inspección de salud.', L, [5000, 12000]),
    t('Control de ratones en el almacén', 'Hay ratones en el almacén y dañaron varias cajas. Necesitamos control y sellar los accesos.', L, [6000, 16000]),
    t(
      'Fumigar contra mosquitos en el patio',
      'Con las lluvias hay muchos mosquitos en el patio y la terraza. Quiero fumigar y eliminar los criaderos.',
      C,
      [2500, 7000],
      ['jardineria'],
    ),
  ],
  aire: [
    t(
      'Instalar aire acondicionado split',
      'Compré un split inverter de 12,000 BTU y necesito instalarlo en la habitación principal, con tubería de 4 metros.',
      AC,
      [6000, 14000],
      ['electricidad'],
    ),
    t('Mantenimiento de tres aires', 'Necesito limpieza y mantenimiento de tres aires split de la casa; uno gotea agua por dentro.', AC, [4500, 10000]),
    t('Aire que no enfría', 'El aire de la sala enciende pero tira aire caliente. Creo que le falta gas.', ALL, [2500, 8000]),
    t('Climatizar oficina', 'Queremos climatizar una oficina de 60 m² y necesitamos recomendación e instalación de los equipos.', L, [45000, 120000], ['electricidad']),
    t('Reubicar aire acondicionado', 'Vamos a remodelar la habitación y hay que mover el split a la otra pared.', AC, [5000, 12000]),
    t('Reparar tarjeta del aire inverter', 'El aire inverter muestra un código de error y se apaga a los pocos minutos.', AC, [4500, 15000]),
  ],
};
