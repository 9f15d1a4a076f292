import { formatDay } from '@arreglaya/shared/format-dates';
import type { Currency } from '@arreglaya/shared/domain';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import { holdbackTermText } from '@arreglaya/shared/warranty-terms';

// The offer's terms as the mail says them (decision 043): one place for the lines of the new-offer mail.

interface Terms {
  startDate: string | null;
  durationDays: number | null;
  warrantyDays: number | null;
  materialsIncluded: boolean | null;
  /** The warranty holdback (decision 055), with the price it applies to; a line only when there is one. */
  holdbackPercent?: number | null;
  priceMinor?: number;
  currency?: Currency;
}

const days = (n: number | null) => (n === null ? tt.notStated : tt.days(new Intl.NumberFormat('es-DO').format(n), n));

/** 'Inicio propuesto: …', 'Duración: …', 'Garantía: …', 'Incluye materiales: …' ('Sin indicar' for an older offer), and 'Retención de garantía: …' when there is one. */
export function offerTermsLines(t: Terms): string {
  const holdback =
    t.currency && t.priceMinor !== undefined
      ? holdbackTermText({ holdbackPercent: t.holdbackPercent ?? null, warrantyDays: t.warrantyDays, currency: t.currency }, t.priceMinor)
      : null;
  return [
    tt.mail.startDate(t.startDate ? formatDay(t.startDate) : tt.notStated),
    tt.mail.duration(days(t.durationDays)),
    tt.mail.warranty(t.warrantyDays === 0 ? tt.noWarranty : days(t.warrantyDays)),
    tt.mail.materials(t.materialsIncluded === null ? tt.notStated : t.materialsIncluded ? tt.yes : tt.no),
    ...(holdback ? [`${tw.term}: ${holdback}`] : []),
  ].join('\n');
}
