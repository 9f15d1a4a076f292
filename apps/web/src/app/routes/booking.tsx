import { pageMeta, quickBookingSection } from '@arreglaya/shared/i18n/site-pages';
import { QuickBookingForm } from '@/features/quick-booking/components/quick-booking-form.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';

/** /booking: the landing's quick-booking form on a page of its own (docs/spec-decisions.md). */
function BookingPage() {
  usePageMeta(pageMeta.booking.title, pageMeta.booking.description);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ label: quickBookingSection.title }]} />
      <h1 className="text-3xl font-bold text-slate-900">{quickBookingSection.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{quickBookingSection.text}</p>
      <div className="mt-8">
        <QuickBookingForm />
      </div>
    </div>
  );
}

export { BookingPage as Component };
