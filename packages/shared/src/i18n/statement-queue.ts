// The bank statement's words (issue 47, decision 051): the feed's and the console's.
export const statementQueue = {
  imported: 'Estado de cuenta importado.',
  assigned: 'Movimiento asignado al pago.',
  notAssigned: 'Ninguna transferencia pendiente tiene esa referencia en esa moneda.',
  returned: 'Devolución registrada.',
  notReturnable: 'Ese movimiento no tiene dinero por devolver.',
  lineNotFound: 'No encontramos ese movimiento.',
  feedClosed: 'La conexión con el banco no está configurada.',
  feedRefused: 'Credenciales del banco no válidas.',
  noMapping: (bank: string) => `No hay un formato CSV guardado para «${bank}». Configúralo antes de importar su extracto.`,
  mappingSaved: 'Formato del banco guardado.',
};
