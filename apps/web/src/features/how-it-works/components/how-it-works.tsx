import type { ReactNode } from 'react';
import { howItWorks } from '@arreglaya/shared/i18n/site-pages';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { HydrateOnView } from '@/components/ui/hydrate-on-view.tsx';

interface HowItWorksProps {
  title: string;
  intro: string;
  steps: readonly { title: string; text: string }[];
  aside: { title: string; text: string };
  /** Calls to action under the steps (sign-up button, links). */
  actions: ReactNode;
}

/**
 * The 3-step how-it-works page shared by clients and contractors (spec §2). The steps, the aside
 * and the calls to action hydrate when seen (decision 046): give it props that do not change.
 */
export function HowItWorks({ title, intro, steps, aside, actions }: HowItWorksProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p>
      <HydrateOnView>
        <ol aria-label={howItWorks.stepsLabel} className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="flex items-center gap-3 text-sm font-semibold uppercase tracking-wide text-brand-800">
                <span className="grid size-10 place-items-center rounded-full bg-brand-700 text-lg text-white" aria-hidden="true">
                  {index + 1}
                </span>
                {howItWorks.stepLabel(index + 1)}
              </p>
              <h2 className="mt-3 text-xl font-bold text-slate-900">{step.title}</h2>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </HydrateOnView>
      <HydrateOnView>
        <section aria-labelledby="how-aside" className="mt-10 rounded-2xl bg-brand-50 p-6">
          <h2 id="how-aside" className="text-xl font-bold text-slate-900">
            {aside.title}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-800">{aside.text}</p>
        </section>
      </HydrateOnView>
      <HydrateOnView>
        <div className="mt-8 flex flex-wrap items-center gap-4">{actions}</div>
      </HydrateOnView>
    </div>
  );
}
