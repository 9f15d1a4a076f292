// The identity and tax documents of each country (id-documents.ts, decision 065): what the form
// calls them, how it explains them, an example that passes its own check (id-documents.test.ts
// proves it) and the message when a number fails, naming the format and that example.

export const idDocuments = {
  do_cedula: {
    label: 'Cédula',
    short: 'cédula',
    hint: '11 dígitos, con o sin guiones (por ejemplo 001-1234567-3).',
    example: '001-1234567-3',
    invalid: 'Cédula inválida: debe tener 11 dígitos y un dígito verificador correcto (por ejemplo 001-1234567-3).',
  },
  do_rnc: {
    label: 'RNC',
    short: 'RNC',
    hint: '9 dígitos, con o sin guiones (por ejemplo 1-30-12345-4).',
    example: '1-30-12345-4',
    invalid: 'RNC inválido: son 9 dígitos y el último es el dígito verificador de la DGII (por ejemplo 1-30-12345-4).',
  },
  co_cc: {
    label: 'Cédula de ciudadanía',
    short: 'cédula de ciudadanía',
    hint: 'De 6 a 10 dígitos, con o sin puntos (por ejemplo 1.020.304.050).',
    example: '1.020.304.050',
    invalid: 'Cédula de ciudadanía inválida: son de 6 a 10 dígitos, sin letras (por ejemplo 1.020.304.050).',
  },
  co_nit: {
    label: 'NIT',
    short: 'NIT',
    hint: '9 dígitos y el dígito de verificación (por ejemplo 900.123.456-8).',
    example: '900.123.456-8',
    invalid: 'NIT inválido: son 9 dígitos y el dígito de verificación de la DIAN (por ejemplo 900.123.456-8).',
  },
  mx_curp: {
    label: 'CURP',
    short: 'CURP',
    hint: '18 letras y números, como aparece en tu constancia (por ejemplo GOMA850312HDFRRN09).',
    example: 'GOMA850312HDFRRN09',
    invalid: 'CURP inválida: son 18 letras y números con tu fecha de nacimiento y un dígito verificador (por ejemplo GOMA850312HDFRRN09).',
  },
  mx_rfc: {
    label: 'RFC',
    short: 'RFC',
    hint: '13 caracteres si eres persona física (por ejemplo GODE561231GR8), 12 si es una empresa.',
    example: 'GODE561231GR8',
    invalid: 'RFC inválido: son 13 caracteres para personas o 12 para empresas, con la homoclave del SAT (por ejemplo GODE561231GR8).',
  },
} as const;
