import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { contactButton as t } from '@arreglaya/shared/i18n/contact-button';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { authModals } from '@/lib/auth-modals.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { resumeHash } from './resume-hash.ts';

// A client's button (the dialog, coming back after signing in) is a chunk of its own.
const ContactContractorButton = lazy(() => import('./contact-contractor-button.tsx').then((m) => ({ default: m.ContactContractorButton })));

/**
 * 'Contactar' on a contractor card or page (spec §2), light for a visitor's first load (decision
 * 070): a visitor's tap opens the sign-in dialog and comes back with the contact dialog open,
 * which needs nothing more; a client gets contact-contractor-button.tsx, whose code comes once the
 * session says so, the button's place kept meanwhile by the card; contractors and sysadmins see
 * nothing.
 */
export function ContactButton({ contractor }: { contractor: ContractorCard }) {
  const { user, isLoading } = useViewer();
  const location = useLocation();
  if (isLoading || (user && user.role !== 'client')) return null;
  if (user) {
    return (
      <Suspense fallback={null}>
        <ContactContractorButton contractor={contractor} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      onClick={() => authModals.openSignIn({ redirectTo: location.pathname + location.search + resumeHash(contractor.id) })}
      aria-haspopup="dialog"
      aria-label={t.openFor(contractor.name)}
      className={buttonClasses('accent')}
    >
      {t.open}
    </button>
  );
}
