// The DGII's published RNC registry (DGII_RNC.TXT, inside DGII_RNC.zip): one taxpayer a line,
// Latin-1, fields separated by '|', about 700,000 lines. The layout, as public importers of the file
// read it (no official layout is published with the file): 11 fields,
//   0 RNC or cédula | 1 razón social | 2 nombre comercial | 3 actividad económica | 4–7 (unused
//   here) | 8 inicio de actividades (DD/MM/AAAA) | 9 estado (ACTIVO, SUSPENDIDO, DADO DE BAJA…) |
//   10 régimen de pagos (NORMAL…)
// A line with fewer fields is skipped (the importer counts it), never half read.

export interface RncRegistryEntry {
  /** Digits only: 9 for a company's RNC, 11 for a person's cédula used as RNC. */
  rnc: string;
  name: string;
  tradeName: string | null;
  activity: string | null;
  status: string;
}

/** The registry's word for a taxpayer in good standing. */
export const RNC_ACTIVE_STATUS = 'ACTIVO';

const squeeze = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** One line of DGII_RNC.TXT (already decoded from Latin-1), or null when it is not a registry line. */
export function parseRncLine(line: string): RncRegistryEntry | null {
  const fields = line.replace(/\r$/, '').split('|');
  if (fields.length < 10) return null;
  const rnc = fields[0]!.replace(/[\s-]/g, '');
  if (!/^(\d{9}|\d{11})$/.test(rnc)) return null;
  const name = squeeze(fields[1]);
  const status = squeeze(fields[9]).toUpperCase();
  if (name === '' || status === '') return null;
  return { rnc, name, tradeName: squeeze(fields[2]) || null, activity: squeeze(fields[3]) || null, status };
}

/** Whether the registry's status lets the RNC be verified. */
export function isRncActive(status: string): boolean {
  return status.trim().toUpperCase() === RNC_ACTIVE_STATUS;
}
