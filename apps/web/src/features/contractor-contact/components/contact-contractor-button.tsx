import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { contactButton as t } from '@arreglaya/shared/i18n/contact-button';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
// The sign-in dialog's store is app-wide state that lives in the auth feature; see
// docs/decisions/014-favourites-and-service-requests.md (it belongs in src/lib).
import { authModals } from '@/lib/auth-modals.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { resumeHash } from './resume-hash.ts';

// The dialog brings react-aria, react-hook-form and zod: loaded on first use.
const ContactContractorDialog = lazy(() => import('./contact-contractor-dialog.tsx').then((m) => ({ default: m.ContactContractorDialog })));

/** The visit (location key) whose hash a button has taken: a page showing the contractor twice opens one dialog. */
let resumedVisit: string | null = null;

/**
 * 'Contactar' on a contractor card or page (spec §2). A client gets the contact dialog; a
 * visitor the sign-in dialog, and comes back here with the dialog open (issue 46: after signing
 * up they had to tap 'Contactar' again); contractors and sysadmins see nothing, since contacting
 * contractors is a client feature (spec §6). Cards and the contractor's page show `ContactButton`
 * (contact-button.tsx), which loads this for a client only.
 */
export function ContactContractorButton({ contractor }: { contractor: ContractorCard }) {
  const { user, isLoading } = useViewer();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The dialog also closes by itself after sending; react-aria's overlay then drops the focus on
  // <body> a frame after unmounting. The focus returns to this button once that has run.
  const close = useCallback(() => {
    setOpen(false);
    window.requestAnimationFrame(() => window.setTimeout(() => trigger.current?.focus(), 0));
  }, []);
  const navigate = useNavigate();
  const resuming = location.hash === resumeHash(contractor.id) && user?.role === 'client';
  useEffect(() => {
    if (!resuming || resumedVisit === location.key) return;
    resumedVisit = location.key;
    // Once: the hash goes first, so a reload or a back step does not open it again.
    void Promise.resolve(navigate({ pathname: location.pathname, search: location.search }, { replace: true })).then(() => setOpen(true));
  }, [resuming, navigate, location.key, location.pathname, location.search]);
  if (isLoading || (user && user.role !== 'client')) return null;

  const onClick = () => {
    if (!user) {
      authModals.openSignIn({ redirectTo: location.pathname + location.search + resumeHash(contractor.id) });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={onClick}
        onPointerEnter={() => void import('./contact-contractor-dialog.tsx')}
        aria-haspopup="dialog"
        aria-label={t.openFor(contractor.name)}
        className={buttonClasses('accent')}
      >
        {t.open}
      </button>
      {open && user && (
        <Suspense fallback={null}>
          <ContactContractorDialog contractor={contractor} clientId={user.id} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
