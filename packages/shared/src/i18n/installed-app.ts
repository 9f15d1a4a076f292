// Texts of the installed app (decision 032): its web app manifest and the page the service worker
// shows without a network. Apart from shell.ts so no page's first script carries them.

export const installedApp = {
  name: 'ArreglaYa',
  shortName: 'ArreglaYa',
  description: 'Encuentra contratistas de confianza en República Dominicana: plomería, electricidad, pintura, remodelación y más, con tu pago protegido.',
  offline: {
    documentTitle: 'Sin conexión · ArreglaYa',
    title: 'Sin conexión',
    text: 'No pudimos abrir esta página porque tu teléfono no tiene conexión a internet. Revisa tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
    home: 'Ir al inicio',
  },
};
