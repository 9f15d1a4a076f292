import type { Faq } from '../faq-data.ts';

/** Questions as disclosure widgets: native, keyboard-operable, readable without JavaScript. */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <li key={faq.id}>
          <details className="group px-5 py-4">
            <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-4 font-semibold text-slate-900">
              {faq.question}
              <span aria-hidden="true" className="text-xl text-brand-700 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 text-slate-700">{faq.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
