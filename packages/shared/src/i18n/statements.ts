// Bank statements (issue 47, "Pagar por transferencia"): what the console says about an imported
// statement file (ISO 20022 camt.053 or a bank's CSV export) and about a bank's CSV column mapping.
// A problem with one line is a sentence without its capital, shown after `atLine`
// ("Línea 14: el monto «1.234,5x» no es un número"); a problem with the whole file is a sentence.

export const statements = {
  /** "Línea 14: el monto «1.234,5x» no es un número". */
  atLine: (line: number, message: string) => `Línea ${line}: ${message}`,
  /** The whole file is refused: nothing was imported. */
  file: {
    empty: 'El archivo está vacío.',
    tooLarge: (maxMegabytes: number) => `El archivo pesa más de ${maxMegabytes} MB, el máximo para un extracto. Divídelo por fechas e impórtalo en partes.`,
    notStatement: 'El archivo no es un extracto bancario: esperábamos un camt.053 (XML ISO 20022) o un CSV exportado por el banco.',
    otherIsoMessage: (kind: string) => `El archivo es un mensaje ${kind}, no un extracto camt.053. Pide al banco el extracto de cuenta (camt.053).`,
    unsupportedVersion: (version: string) => `La versión ${version} de camt.053 no es compatible: aceptamos de la 001.02 a la 001.08.`,
    malformedXml: (line: number, column: number) => `El XML está mal formado en la línea ${line}, columna ${column}: el archivo está dañado o incompleto.`,
    doctypeNotAllowed: 'El archivo declara un DTD o entidades XML, que un extracto no lleva: no lo abrimos por seguridad.',
    unknownEncoding: (name: string) => `El archivo está en una codificación que no reconocemos (${name}).`,
    headerNotFound: (columns: string) => `No encontramos la fila de encabezados con las columnas ${columns}: revisa la configuración de este banco.`,
  },
  /** One line is not imported; the rest of the file is. */
  line: {
    amountMissing: 'falta el monto',
    amountNotNumber: (value: string) => `el monto «${value}» no es un número`,
    amountNegative: (value: string) => `el monto «${value}» es negativo`,
    amountZero: 'el monto es cero',
    amountTooPrecise: (value: string, currency: string, digits: number) => `el monto «${value}» tiene más de ${digits} decimales para ${currency}`,
    amountTooLarge: (value: string) => `el monto «${value}» es demasiado grande`,
    debitAndCredit: 'la línea tiene débito y crédito a la vez',
    dateMissing: 'falta la fecha',
    dateInvalid: (value: string, format: string) => `la fecha «${value}» no es válida (formato ${format})`,
    currencyMissing: 'falta la moneda',
    currencyInvalid: (value: string) => `la moneda «${value}» no es un código ISO 4217 como DOP o USD`,
    directionMissing: 'falta el indicador de crédito o débito',
    directionInvalid: (value: string) => `«${value}» no indica crédito ni débito`,
    columnMissing: (column: string) => `falta la columna «${column}»`,
    unterminatedQuote: 'unas comillas abiertas no se cierran: la línea no se importa',
    notBooked: (status: string) => `el movimiento está en estado ${status}, todavía no contabilizado: no se importa`,
    duplicate: (firstLine: number) => `repite la operación de la línea ${firstLine}: se cuenta una vez`,
  },
  /** The console's form for a bank's CSV layout (CsvMappingSchema). */
  mapping: {
    title: 'Formato CSV del banco',
    fields: {
      bankName: 'Banco',
      encoding: 'Codificación',
      delimiter: 'Separador de columnas',
      decimalSeparator: 'Separador decimal',
      dateFormat: 'Formato de fecha',
      skipRows: 'Filas antes de los encabezados',
      footerRows: 'Filas de totales al final',
      hasHeader: 'El archivo tiene fila de encabezados',
      date: 'Fecha',
      amount: 'Monto (con signo)',
      credit: 'Crédito',
      debit: 'Débito',
      directionColumn: 'Tipo de movimiento',
      creditValues: 'Valores que indican crédito',
      debitValues: 'Valores que indican débito',
      currency: 'Moneda',
      fixedCurrency: 'Moneda de la cuenta',
      description: 'Descripción o referencia',
      bankTxId: 'Número de operación del banco',
      payerName: 'Nombre del ordenante',
      payerAccount: 'Cuenta del ordenante',
      balance: 'Saldo',
    },
    hints: {
      column: 'El nombre de la columna tal como aparece en el encabezado, o su posición contando desde 1.',
      skipRows: 'Líneas de título, cuenta o período que el banco pone antes de los encabezados.',
      bankTxId: 'Si el banco no da un número de operación, lo calculamos con la fecha, el monto, la descripción y el saldo.',
    },
    encodings: { 'utf-8': 'UTF-8', latin1: 'Latin-1 (Windows-1252)' },
    delimiters: { ',': 'Coma (,)', ';': 'Punto y coma (;)', '\t': 'Tabulador' },
    decimalSeparators: { '.': '1,234.56 (punto decimal)', ',': '1.234,56 (coma decimal)' },
    dateFormats: { 'dd/mm/yyyy': 'dd/mm/aaaa', 'mm/dd/yyyy': 'mm/dd/aaaa', 'yyyy-mm-dd': 'aaaa-mm-dd' },
    // The form's and the API's validation.
    amountColumns: 'Elige la columna del monto, o las de débito y crédito.',
    currencyRequired: 'Elige la columna de la moneda o la moneda de la cuenta.',
    currencyCode: 'Escribe un código de moneda de tres letras, como DOP o USD.',
    headerNeeded: 'Sin fila de encabezados, indica cada columna por su posición (1, 2, 3…).',
    columnInvalid: 'Escribe el nombre de la columna o su posición (1 a 200).',
    directionValues: 'Indica al menos un valor de crédito y uno de débito.',
    descriptionRequired: 'Elige al menos una columna de descripción o referencia.',
  },
};
