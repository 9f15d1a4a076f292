import { help as t, pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { HelpCenter } from '@/features/help/components/help-center.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';

function HelpPage() {
  usePageMeta(pageMeta.help.title, pageMeta.help.description);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb items={[{ label: t.title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{t.intro}</p>
      <HelpCenter />
    </div>
  );
}

export { HelpPage as Component };
