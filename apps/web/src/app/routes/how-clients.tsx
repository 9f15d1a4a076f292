import { Link } from 'react-router';
import { howItWorks, pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { authModals } from '@/lib/auth-modals.ts';
import { HowItWorks } from '@/features/how-it-works/components/how-it-works.tsx';
import { useLogVisit } from '@/features/how-it-works/hooks/use-log-visit.ts';
import { usePageMeta } from '@/lib/page-meta.ts';
import { buttonClasses } from '@/components/ui/button.ts';

const t = howItWorks.clients;

function HowClientsPage() {
  usePageMeta(pageMeta.howClients.title, pageMeta.howClients.description);
  useLogVisit('/comoclientes');
  return (
    <HowItWorks
      title={t.title}
      intro={t.intro}
      steps={t.steps}
      aside={{ title: t.protectionTitle, text: t.protection }}
      actions={
        <>
          <button type="button" className={buttonClasses('accent')} onClick={() => authModals.openSignUp({ role: 'client' })}>
            {t.signUp}
          </button>
          <Link to="/nuevoproyecto" className={buttonClasses('secondary')}>
            {t.postProject}
          </Link>
        </>
      }
    />
  );
}

export { HowClientsPage as Component };
