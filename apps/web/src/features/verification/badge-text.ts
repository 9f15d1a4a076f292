import { verificationBadges as t } from '@arreglaya/shared/i18n/verification-badges';
import type { PublicBadge } from '@arreglaya/shared/schemas/verification';
import { formatDate } from '@/lib/format.ts';

/** What a badge says: what was checked and when ("Cédula verificada · revisada el 06 dic 2026"). */
export function badgeText(b: PublicBadge, locale: string): string {
  const decided = formatDate(b.decidedAt, locale);
  switch (b.kind) {
    case 'cedula':
      return t.badges.cedula(decided);
    case 'rnc':
      return t.badges.rnc(b.registeredName ?? '', decided);
    case 'criminal_record':
      return t.badges.criminalRecord(formatDate(b.issuedOn ?? b.decidedAt, locale), b.expiresOn ? formatDate(b.expiresOn, locale) : '');
    case 'trade_certificate':
      return t.badges.tradeCertificate(b.title ?? t.kinds.trade_certificate, b.issuer ?? '', decided);
  }
}
