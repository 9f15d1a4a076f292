// 'Contactar' on a contractor card or page, apart from the contact dialog's and the mail's texts
// so a visitor's first load of /busqueda or a contractor's page carries only these (decision 070).

export const contactButton = {
  open: 'Contactar',
  openFor: (name: string) => `Contactar a ${name}`,
} as const;
