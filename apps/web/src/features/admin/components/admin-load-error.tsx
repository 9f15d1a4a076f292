import { useLocation } from 'react-router';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ApiError } from '@/lib/api.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { useViewer } from '@/lib/use-viewer.ts';

interface AdminLoadErrorProps {
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
}

/**
 * A console page that failed to load. A session older than 12 hours (REAUTH_REQUIRED, decision
 * 025) gets the server's message and a button that opens the sign-in dialog, back to this page.
 */
export function AdminLoadError({ error, onRetry, retrying }: AdminLoadErrorProps) {
  const { user } = useViewer();
  const location = useLocation();
  if (error instanceof ApiError && error.code === 'REAUTH_REQUIRED') {
    return (
      <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border border-amber-300 bg-amber-50 p-6">
        <p className="text-slate-900">{error.message}</p>
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={() => authModals.openSignIn({ ...(user ? { email: user.email } : {}), redirectTo: location.pathname + location.search })}
        >
          {t.reauth}
        </button>
      </div>
    );
  }
  return <ErrorWithRetry message={error instanceof ApiError ? error.message : t.loadError} onRetry={onRetry} retrying={retrying} />;
}
