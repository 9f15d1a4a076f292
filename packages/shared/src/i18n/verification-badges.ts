// What a contractor's public page says about their verification (docs/decisions/056-verification-badges.md):
// apart from the rest of the verification catalogue, so the page loads only these (decision 070).

export const verificationBadges = {
  kinds: {
    cedula: 'Cédula',
    rnc: 'RNC de la empresa',
    criminal_record: 'Certificado de no antecedentes penales',
    trade_certificate: 'Certificado de oficio (INFOTEP u otro)',
  },
  badges: {
    heading: 'Verificación',
    listLabel: 'Insignias de verificación',
    cedula: (day: string) => `Cédula verificada · revisada el ${day}`,
    rnc: (name: string, day: string) => `RNC verificado: ${name} · revisado el ${day}`,
    criminalRecord: (issued: string, expires: string) => `Antecedentes penales: certificado del ${issued} · vence el ${expires}`,
    tradeCertificate: (title: string, issuer: string, day: string) => `${title} (${issuer}) · revisado el ${day}`,
  },
};
