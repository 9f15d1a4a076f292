import { howItWorks, pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { authModals } from '@/lib/auth-modals.ts';
import { HowItWorks } from '@/features/how-it-works/components/how-it-works.tsx';
import { useLogVisit } from '@/features/how-it-works/hooks/use-log-visit.ts';
import { usePageMeta } from '@/lib/page-meta.ts';
import { buttonClasses } from '@/components/ui/button.ts';

const t = howItWorks.contractors;

function HowContractorsPage() {
  usePageMeta(pageMeta.howContractors.title, pageMeta.howContractors.description);
  useLogVisit('/comocontratistas');
  return (
    <HowItWorks
      title={t.title}
      intro={t.intro}
      steps={t.steps}
      aside={{ title: t.feesTitle, text: t.fees }}
      actions={
        <button type="button" className={buttonClasses('accent')} onClick={() => authModals.openSignUp({ role: 'contractor' })}>
          {t.signUp}
        </button>
      }
    />
  );
}

export { HowContractorsPage as Component };
