import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import { moneyToBeginHeld } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { OffersPanel } from '@/features/projects/components/offers-panel.tsx';
import { ProjectView } from '@/features/projects/components/project-view.tsx';
import { projectKeys, useProject } from '@/features/projects/project.ts';
import { EndHire } from '@/features/projects/components/end-hire.tsx';
import { FundingSection } from '@/features/payments/components/funding-section.tsx';
import { PaymentReturnNotice, usePaymentReturn } from '@/features/payments/components/payment-return.tsx';
import { MilestonesList } from '@/features/payments/components/milestones-list.tsx';
import { ClientInvitationCard } from '@/features/invitations/components/client-invitation-card.tsx';
import { ContractorQuotePanel } from '@/features/quotes/components/contractor-quote-panel.tsx';
import { ProjectReviewSection } from '@/features/reviews/components/project-review-section.tsx';
import { useNoticesReadOnOpen } from '@/features/notifications/lib/notices-on-open.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { refetchAfterWrite } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/**
 * /proyectos/:id: the project page. Its client compares and decides the offers; a contractor
 * gets the contractor's panel (make or follow their offer, the work after hiring).
 */
function ProjectPage() {
  const { id = '' } = useParams();
  const { user } = useViewer();
  const { locale } = useCountry();
  const project = useProject(user?.id ?? null, id);
  const p = project.data;
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const reload = useCallback(() => refetchAfterWrite(queryClient, projectKeys.detail(userId ?? '', id)), [queryClient, userId, id]);
  // Back from the bank's page (?pago=): confirmed once, its outcome announced at the top of the page.
  const paymentReturn = usePaymentReturn(reload);
  usePageTitle(p ? p.title : shell.pages.project);
  // Mis proyectos links to #ofertas or #trabajo: the sections exist once the project has loaded.
  const { hash } = useLocation();
  const loaded = Boolean(p);
  // The page's GET marked this project's notices read (decision 031): the bell follows.
  useNoticesReadOnOpen(userId, user?.unreadNotices ?? 0, id, loaded);
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const crumbs: Crumb[] =
    user?.role === 'client' ? [{ label: tp.myProjectsTitle, to: '/perfil/proyectos' }] : user?.role === 'contractor' ? [{ label: tp.listTitle, to: '/projectlist' }] : [];
  if (!user || project.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[...crumbs, { label: p ? p.title : p === null ? t.page.notFoundTitle : shell.pages.project }]} />
      {p ? (
        <>
          <PaymentReturnNotice outcome={paymentReturn} />
          <ProjectPageBody project={p} userId={user.id} role={user.role} locale={locale} reload={reload} />
        </>
      ) : project.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 className="text-3xl font-bold text-slate-900">{shell.pages.project}</h1>
          <p className="text-slate-800">{errorMessage(project.error)}</p>
          <button type="button" onClick={() => void project.refetch()} className={buttonClasses('secondary')}>
            {t.list.retry}
          </button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-3xl font-bold text-slate-900">{t.page.notFoundTitle}</h1>
          <p className="text-lg text-slate-800">{tp.notFound}</p>
          <Link to={user.role === 'client' ? '/perfil/proyectos' : '/projectlist'} className={buttonClasses('primary')}>
            {user.role === 'client' ? tp.myProjectsTitle : tp.listTitle}
          </Link>
        </div>
      )}
    </div>
  );
}

interface ProjectPageBodyProps {
  project: ProjectDetail;
  userId: string;
  role: string;
  locale: string;
  reload: () => Promise<unknown>;
}

/**
 * The project with the parts each person gets: the money panel (client and hired contractor; the
 * client's pay step, and the contractor's wait for it, come first), a staged plan's milestones, ending an
 * unpaid hire, the offers (client) or the contractor's panel, and the reviews once completed.
 */
function ProjectPageBody({ project: p, userId, role, locale, reload }: ProjectPageBodyProps) {
  const money = p.money;
  const viewer = p.viewer.isClient ? 'client' : p.viewer.isHiredContractor ? 'contractor' : null;
  const moneyPanel =
    money && viewer ? (
      <FundingSection
        projectId={p.id}
        status={p.status}
        country={p.country}
        money={money}
        viewer={viewer}
        clientId={viewer === 'client' ? userId : null}
        locale={locale}
        onChanged={reload}
      />
    ) : null;
  // The client's pay step leads the page while the hire (or the plan's next stage) waits for it.
  const payLeads = viewer === 'client' && money !== null && (p.status === 'assigned' || p.status === 'in_progress') && money.dueMinor > 0;
  // So does the hired contractor's "waiting for the payment" (the reason the start is disabled further down).
  const waitLeads = viewer === 'contractor' && money !== null && p.status === 'assigned' && !moneyToBeginHeld(money);
  const moneyLeads = payLeads || waitLeads;
  const endHire = <EndHire project={p} userId={userId} />;
  return (
    <ProjectView
      project={p}
      userId={userId}
      locale={locale}
      lead={
        moneyLeads ? (
          <div className="flex flex-col gap-4">
            {moneyPanel}
            {payLeads && endHire}
          </div>
        ) : null
      }
    >
      {!moneyLeads && moneyPanel}
      {money && <MilestonesList projectId={p.id} status={p.status} money={money} asClient={p.viewer.isClient} asContractor={p.viewer.isHiredContractor} onChanged={reload} />}
      {p.viewer.isClient && !payLeads && endHire}
      {p.viewer.isClient && <ClientInvitationCard projectId={p.id} locale={locale} onChanged={reload} />}
      {p.viewer.isClient && <OffersPanel project={p} userId={userId} locale={locale} />}
      {role === 'contractor' && <ContractorQuotePanel project={p} />}
      {p.viewer.isHiredContractor && endHire}
      {p.status === 'completado' && (p.viewer.isClient || p.viewer.isHiredContractor) && (
        <ProjectReviewSection projectId={p.id} userId={userId} subjectName={(p.viewer.isClient ? p.contractorContact?.name : p.clientContact?.name) ?? ''} />
      )}
    </ProjectView>
  );
}

export { ProjectPage as Component };
