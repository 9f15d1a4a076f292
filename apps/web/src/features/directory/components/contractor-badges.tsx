import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { cx } from '@/lib/cx.ts';

const STYLES = {
  isNew: 'bg-emerald-50 text-emerald-800 ring-emerald-700/30',
  verified: 'bg-brand-50 text-brand-800 ring-brand-700/30',
  featured: 'bg-accent-100 text-accent-800 ring-accent-700/30',
} as const;

/** Nuevo, Verificado, Destacado: only those the contractor has; nothing when none. */
export function ContractorBadges({ badges, className }: { badges: ContractorCard['badges']; className?: string }) {
  const shown = (['featured', 'verified', 'isNew'] as const).filter((b) => badges[b]);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t.card.badges} className={cx('flex flex-wrap gap-1.5', className)}>
      {shown.map((badge) => (
        <li key={badge} className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STYLES[badge])}>
          {t.card[badge]}
        </li>
      ))}
    </ul>
  );
}
