// Texts of Web Push on this device (issue 32, decision 039): the "Avisarme en este teléfono" button
// on /perfil/notificaciones and the server's answers about a device's subscription. Apart from the
// other catalogues so only that page's chunk carries them.

export const push = {
  title: 'Avisos en este teléfono',
  intro: 'Recibe en este teléfono o computadora un aviso cuando te llegue una oferta, un pago o una entrega, aunque no tengas ArreglaYa abierto.',
  turnOn: 'Avisarme en este teléfono',
  turningOn: 'Activando...',
  turnOff: 'Desactivar en este teléfono',
  turningOff: 'Desactivando...',
  on: 'Los avisos están activados en este teléfono.',
  off: 'Los avisos están desactivados en este teléfono.',
  unsupported:
    'Este navegador no puede mostrar avisos. En un iPhone, instala ArreglaYa en tu pantalla de inicio (Compartir, "Agregar a pantalla de inicio") y ábrela desde allí; en Android o en una computadora, usa Chrome, Edge o Firefox.',
  denied:
    'Bloqueaste los avisos de ArreglaYa en este navegador. Para permitirlos, toca el candado junto a la dirección, abre "Permisos" o "Configuración del sitio", cambia "Notificaciones" a "Permitir" y vuelve a esta página.',
  dismissed: 'No diste permiso para los avisos. Cuando quieras, vuelve a tocar "Avisarme en este teléfono".',
  failed: 'No pudimos activar los avisos en este teléfono. Inténtalo de nuevo.',
  offFailed: 'No pudimos desactivar los avisos en este teléfono. Inténtalo de nuevo.',
  // The server's answers.
  saved: 'Listo: te avisaremos en este teléfono.',
  removed: 'Listo: ya no te avisaremos en este teléfono.',
  notFound: 'Este teléfono no tiene los avisos activados.',
  invalidEndpoint: 'La dirección de avisos de este navegador no es válida.',
  unknownService: 'Este navegador usa un servicio de avisos que ArreglaYa no admite. Prueba con Chrome, Edge, Firefox o Safari.',
  invalidKeys: 'Las claves de avisos de este navegador no son válidas.',
  deviceRemoved: 'Listo: ese dispositivo ya no recibirá avisos.',
  deviceNotFound: 'No encontramos ese dispositivo entre los tuyos.',
  unknownDevice: 'Navegador sin nombre',
  // The list of the person's devices on /perfil/notificaciones.
  devicesTitle: 'Dispositivos que reciben avisos',
  devicesIntro: 'Estos teléfonos y computadoras reciben tus avisos. Quita los que ya no uses o no reconozcas.',
  devicesEmpty: 'Ningún dispositivo recibe tus avisos todavía.',
  devicesFailed: 'No pudimos cargar tus dispositivos. Inténtalo de nuevo.',
  registeredOn: (date: string) => `Activado el ${date}`,
  lastUsedOn: (date: string) => `Último aviso: ${date}`,
  neverUsed: 'Todavía no ha recibido avisos',
  removeDevice: 'Quitar',
  removeDeviceLabel: (label: string) => `Quitar ${label}`,
  removeDeviceConfirm: (label: string) => `¿Quitar ${label}?`,
  removeDeviceWarning: 'Ese dispositivo dejará de recibir tus avisos hasta que los vuelvas a activar en él.',
  removeDeviceYes: 'Sí, quitar',
  removeDeviceNo: 'Cancelar',
  removingDevice: 'Quitando...',
};

/** What the service worker needs (its own export: the worker's bundle carries only this). */
export const pushNotification = {
  /** A push whose payload cannot be read still shows a notification (the browser requires one). */
  fallbackTitle: 'ArreglaYa',
  fallbackBody: 'Tienes un aviso nuevo.',
};
