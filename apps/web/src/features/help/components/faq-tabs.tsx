import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { help as t } from '@arreglaya/shared/i18n/site-pages';
import { cx } from '@/lib/cx.ts';
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQS, type FaqCategory } from '../faq-data.ts';
import { FaqList } from './faq-list.tsx';

/** Category tabs (WAI-ARIA tabs pattern: arrows, Home and End move between tabs, automatic activation). */
export function FaqTabs() {
  const id = useId();
  const [active, setActive] = useState<FaqCategory>('propietarios');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = FAQ_CATEGORIES.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + FAQ_CATEGORIES.length) % FAQ_CATEGORIES.length;
    setActive(FAQ_CATEGORIES[wrapped]!);
    tabs.current[wrapped]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={t.categories} className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {FAQ_CATEGORIES.map((category, index) => {
          const selected = category === active;
          return (
            <button
              key={category}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${category}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${category}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(category)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cx('min-h-11 rounded-md px-4 py-2 font-semibold', selected ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200')}
            >
              {FAQ_CATEGORY_LABELS[category]}
            </button>
          );
        })}
      </div>
      {FAQ_CATEGORIES.map((category) => (
        <div key={category} role="tabpanel" id={`${id}-panel-${category}`} aria-labelledby={`${id}-tab-${category}`} hidden={category !== active} className="mt-4">
          <FaqList faqs={FAQS.filter((f) => f.category === category)} />
        </div>
      ))}
    </div>
  );
}
