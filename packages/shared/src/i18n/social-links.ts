// The social links shown on a contractor's page and a project (decision 058), apart from
// profile.ts, which re-exports it: those pages load only these texts (decision 070).
export const socialLinks = {
  contractorTitle: 'Redes sociales',
  clientTitle: 'Sus redes sociales',
  /** A link's accessible name: whose profile, which network, and that it opens a new tab. */
  linkName: (network: string, name: string) => `${network} de ${name} (se abre en una pestaña nueva)`,
} as const;
