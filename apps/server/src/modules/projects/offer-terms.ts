import { formatDay } from '@arreglaya/shared/format-dates';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';

// The offer's terms as the mail says them (decision 043): one place for the lines of the new-offer mail.

interface Terms {
  startDate: string | null;
  durationDays: number | null;
  warrantyDays: number | null;
  materialsIncluded: boolean | null;
}

const days = (n: number | null) => (n === null ? tt.notStated : tt.days(new Intl.NumberFormat('es-DO').format(n), n));

/** 'Inicio propuesto: …', 'Duración: …', 'Garantía: …', 'Incluye materiales: …' ('Sin indicar' for an older offer). */
export function offerTermsLines(t: Terms): string {
  return [
    tt.mail.startDate(t.startDate ? formatDay(t.startDate) : tt.notStated),
    tt.mail.duration(days(t.durationDays)),
    tt.mail.warranty(t.warrantyDays === 0 ? tt.noWarranty : days(t.warrantyDays)),
    tt.mail.materials(t.materialsIncluded === null ? tt.notStated : t.materialsIncluded ? tt.yes : tt.no),
  ].join('\n');
}
