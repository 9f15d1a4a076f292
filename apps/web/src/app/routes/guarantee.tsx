import { Link } from 'react-router';
import { guaranteeMeta, guaranteePage as t } from '@arreglaya/shared/i18n/guarantee';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';

function List({ title, items, ordered = false }: { title: string; items: readonly string[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <Tag className={`mt-3 flex flex-col gap-2 pl-6 leading-relaxed text-slate-800 ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Tag>
    </section>
  );
}

/** /garantia: the ArreglaYa guarantee (decision 054), every number from packages/shared/src/guarantee.ts. Public and prerendered. */
function GuaranteePage() {
  usePageMeta(guaranteeMeta.title, guaranteeMeta.description);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ label: t.title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-4 text-lg text-slate-800">{t.intro}</p>
      <List title={t.coveredTitle} items={t.covered} />
      <List title={t.notCoveredTitle} items={t.notCovered} />
      <List title={t.deadlinesTitle} items={t.deadlines} />
      <List title={t.howTitle} items={t.how} ordered />
      <p className="mt-8 text-slate-800">
        {t.contact}{' '}
        <Link to="/contactus" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.contactLink}
        </Link>
      </p>
      <p className="mt-2">
        <Link to="/ayuda" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.help}
        </Link>
      </p>
    </article>
  );
}

export { GuaranteePage as Component };
