import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import type { LegalDocument } from '../legal-types.ts';

export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ label: doc.title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{doc.title}</h1>
      <p className="mt-2 text-sm text-slate-700">{doc.updated}</p>
      <p className="mt-4 text-lg text-slate-800">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-bold text-slate-900">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-800">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
