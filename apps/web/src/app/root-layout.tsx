import { lazy, Suspense, useEffect, useMemo, type MouseEvent } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { useViewer } from '@/lib/use-viewer.ts';
import { useAutoLogout } from '@/features/auth/hooks/use-auto-logout.ts';
import { useSessionLoader } from '@/features/auth/hooks/use-session-loader.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { AuthModalHost, preloadAuthDialog } from '@/features/auth/components/auth-modal-host.tsx';
import { Navbar } from '@/components/layout/navbar.tsx';
import { Footer } from '@/components/layout/footer.tsx';
import { ScrollToTop } from '@/components/layout/scroll-to-top.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { WhenVisible } from '@/components/ui/when-visible.tsx';
import { HydrateOnView } from '@/components/ui/hydrate-on-view.tsx';
import { pageHandleOf } from './route-handle.ts';
import { useScrollOnNavigate } from './use-scroll-on-navigate.ts';

export const MAIN_ID = 'main-content';

// Below the fold on every page, and it brings react-hook-form and zod: loaded when scrolled near.
const NewsletterForm = lazy(() => import('@/features/newsletter/components/newsletter-form.tsx').then((m) => ({ default: m.NewsletterForm })));

/**
 * The footer's newsletter form, loaded when it comes near the viewport, but not while the page
 * still waits for the first answer of something it shows: a page showing its spinner has the
 * footer in view only because it is empty yet, and on a slow line the form's code (react-hook-form
 * and zod, about 39 KB) would share the line with the page's data (decision 070). Later refetches
 * of data already shown do not hold it.
 */
function FooterNewsletter() {
  const waitingForData = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  return (
    <WhenVisible className="min-h-24" hold={waitingForData}>
      <NewsletterForm />
    </WhenVisible>
  );
}

/**
 * Every page's frame. Each Suspense boundary (the layout, then its navbar and page) is hydrated by
 * React on its own, after the boundary around it, in yielding tasks (decision 018); the footer
 * when it is seen (decision 046).
 */
export function RootLayout() {
  return (
    <Suspense>
      <Layout />
    </Suspense>
  );
}

// Set once the chat's module was loaded (someone signed in): a later sign-out must stop its socket.
let chatLoaded = false;

/**
 * The chat's socket (one per tab) runs while someone is signed in, on every page: presence,
 * delivery receipts and the navbar's unread badge follow it live (decision 024). Its module is
 * loaded only then, so a visitor's first bundle does not carry it.
 */
function useChatSocket(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId && !chatLoaded) return;
    chatLoaded = true;
    let cancelled = false;
    void import('@/features/chat/lib/chat-live.ts').then((m) => {
      if (!cancelled) m.startChatLive(queryClient, userId);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);
}

function Layout() {
  useSessionLoader();
  const { user, isLoading } = useViewer();
  useAutoLogout();
  useChatSocket(user?.id ?? null);
  const navigation = useNavigation();
  useScrollOnNavigate(MAIN_ID);
  const phoneScreen = pageHandleOf(useMatches())?.phoneScreen === true;
  // Below the fold on every page: it hydrates when seen (decision 046). Memoized, so the layout's
  // re-renders (the session's answer) give the waiting boundary no new props.
  const footer = useMemo(
    () => (
      <HydrateOnView className="mt-auto">
        <Footer className={phoneScreen ? 'max-md:hidden' : undefined} newsletter={<FooterNewsletter />} />
      </HydrateOnView>
    ),
    [phoneScreen],
  );

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    // Handled here so the URL keeps no #main-content and the router sees no navigation.
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus({ preventScroll: true });
    main?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToContent}
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {shell.skipLink}
      </a>
      <Suspense>
        <Navbar
          user={user}
          isLoading={isLoading}
          onSignIn={() => authModals.openSignIn()}
          onContractorSignUp={() => authModals.openSignUp({ role: 'contractor' })}
          onClientSignUp={() => authModals.openSignUp({ role: 'client' })}
          onPrepareAuth={preloadAuthDialog}
        />
      </Suspense>
      {navigation.state === 'loading' && (
        <div className="delayed-appear pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
          <span className="rounded-full bg-white p-2 shadow-md">
            <Spinner />
          </span>
        </div>
      )}
      <Suspense>
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </Suspense>
      {footer}
      <ScrollToTop focusTargetId={MAIN_ID} />
      <AuthModalHost />
    </div>
  );
}
