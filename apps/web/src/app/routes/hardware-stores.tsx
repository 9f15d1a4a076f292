import { hardwareStores as t, pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { referral, storeForm } from '@arreglaya/shared/i18n/site-forms';
import { useLogVisit } from '@/features/how-it-works/hooks/use-log-visit.ts';
import { ReferralForm } from '@/features/referral/components/referral-form.tsx';
import { ShareLinks } from '@/features/referral/components/share-links.tsx';
import { StoreApplicationForm } from '@/features/store-partners/components/store-application-form.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';

function HardwareStoresPage() {
  usePageMeta(pageMeta.hardwareStores.title, pageMeta.hardwareStores.description);
  useLogVisit('/comoferreterias');
  const shareUrl = typeof window === 'undefined' ? 'https://arreglaya.do/' : `${window.location.origin}/`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: t.title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t.intro}</p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="benefits-title" className="rounded-2xl bg-brand-50 p-6">
          <h2 id="benefits-title" className="text-xl font-bold text-slate-900">
            {t.benefitsTitle}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
            {t.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="stores-how-title" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="stores-how-title" className="text-xl font-bold text-slate-900">
            {t.howTitle}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
            {t.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-slate-700">{t.note}</p>
        </section>
      </div>

      <div className="mt-12 grid gap-12 lg:grid-cols-[1fr_2fr]">
        <section id="recomienda" aria-labelledby="referral-title" className="scroll-mt-20">
          <h2 id="referral-title" className="text-2xl font-bold text-slate-900">
            {referral.title}
          </h2>
          <p className="mt-2 text-slate-700">{referral.intro}</p>
          <div className="mt-5">
            <ReferralForm />
          </div>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">{referral.shareTitle}</h3>
          <div className="mt-3">
            <ShareLinks url={shareUrl} />
          </div>
        </section>
        <section id="solicitud" aria-labelledby="store-title" className="scroll-mt-20">
          <h2 id="store-title" className="text-2xl font-bold text-slate-900">
            {storeForm.title}
          </h2>
          <p className="mt-2 text-slate-700">{storeForm.intro}</p>
          <div className="mt-5">
            <StoreApplicationForm />
          </div>
        </section>
      </div>
    </div>
  );
}

export { HardwareStoresPage as Component };
