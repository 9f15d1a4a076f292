import { verificationBadges as t } from '@arreglaya/shared/i18n/verification-badges';
import { useCountry } from '@/lib/country.ts';
import { usePublicBadges } from './api.ts';
import { badgeText } from './badge-text.ts';

/** The public profile's badges: each approved, unexpired one with what was checked and its dates. Nothing when there are none. */
export function VerificationBadges({ contractorId }: { contractorId: string }) {
  const { locale } = useCountry();
  const query = usePublicBadges(contractorId);
  const badges = query.data?.badges ?? [];
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="verification-badges" className="flex flex-col gap-2">
      <h2 id="verification-badges" className="text-xl font-bold text-slate-900">
        {t.badges.heading}
      </h2>
      <ul aria-label={t.badges.listLabel} className="flex flex-col gap-2">
        {badges.map((b) => (
          <li key={b.kind} className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900 [overflow-wrap:anywhere]">
            <span aria-hidden="true">✓</span>
            <span>{badgeText(b, locale)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
