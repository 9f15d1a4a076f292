import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { trust as t } from '@arreglaya/shared/i18n/contractor-trust';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { cx } from '@/lib/cx.ts';
import { formatMoney, formatNumber } from '@/lib/format.ts';
import { responseTimeText } from '@/lib/trust-format.ts';
import { photoSrcSet, photoVariantUrl } from '@arreglaya/shared/photo-widths';
import { PhotoPicture, photoJpegUrl } from '@/components/ui/photo-picture.tsx';

// Trust you can read (decision 043): the contractor's response time, hires through ArreglaYa,
// 'desde' prices per service, the portfolio's first photos, and what the badges mean.

type Trust = Pick<ContractorCard, 'name' | 'medianResponseMinutes' | 'hiresCount' | 'priceGuide' | 'portfolioThumbs' | 'badges'>;

/** Whether the contractor has any trust fact to show (an empty list is not rendered). */
export const hasTrustFacts = (c: Trust) => c.medianResponseMinutes !== null || c.hiresCount > 0 || c.priceGuide.length > 0;

/** 'Responde en ~2 h', 'N contrataciones por ArreglaYa' and the price guide, as list items of the card's facts. */
export function TrustFacts({ contractor: c, locale }: { contractor: Trust; locale: string }) {
  return (
    <>
      {c.medianResponseMinutes !== null && <li>{responseTimeText(c.medianResponseMinutes)}</li>}
      {c.hiresCount > 0 && <li>{t.hires(formatNumber(c.hiresCount, locale), c.hiresCount)}</li>}
      {c.priceGuide.map((g) => (
        <li key={g.service}>{t.priceFrom(SERVICE_LABELS[g.service], formatMoney(g.minor, g.currency, locale))}</li>
      ))}
    </>
  );
}

/** Up to three thumbnails of the portfolio: lazy, sized (no layout shift), described; small, they never wait on Save-Data (decision 073). */
export function PortfolioThumbs({ contractor: c, className }: { contractor: Trust; className?: string }) {
  if (c.portfolioThumbs.length === 0) return null;
  return (
    <ul aria-label={t.portfolio} className={cx('grid grid-cols-3 gap-2', className)}>
      {c.portfolioThumbs.map((id, i) => (
        <li key={id}>
          <PhotoPicture
            srcSet={photoSrcSet((w) => photoVariantUrl(id, w))}
            fallbackUrl={photoJpegUrl(id, 'sm')}
            alt={t.portfolioPhoto(c.name, i + 1)}
            sizes="(min-width: 640px) 120px, 30vw"
            width={160}
            height={120}
            className="aspect-[4/3] h-auto w-full rounded-md bg-slate-100 object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

/** What 'Verificado' and 'Destacado' mean and how one earns them: a disclosure reachable by keyboard. */
export function BadgesHelp({ className }: { className?: string }) {
  return (
    <details className={cx('text-sm text-slate-700', className)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800 underline-offset-2 hover:underline">{t.badgesHelp}</summary>
      <p className="mt-1">{t.verifiedHelp}</p>
      <p className="mt-1">{t.featuredHelp}</p>
    </details>
  );
}
