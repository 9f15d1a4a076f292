// The guarantee's name where other pages link to it (the footer, the funding step, the receipt),
// apart from the guarantee's catalogue: the footer is in every page's first load (decision 070).
export const guaranteeLinks = {
  link: 'Garantía ArreglaYa',
  funding: `Tu pago queda protegido por la Garantía ArreglaYa: si el trabajo no se entrega o no es lo acordado, te lo devolvemos.`,
  receipt: 'Pago protegido por la Garantía ArreglaYa',
  receiptMail: (url: string) => `Este pago está protegido por la Garantía ArreglaYa: ${url}`,
};
