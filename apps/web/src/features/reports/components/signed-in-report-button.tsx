import { lazy, Suspense } from 'react';
import { useViewer } from '@/lib/use-viewer.ts';
import type { ReportTarget } from './report-target.ts';

// Nothing for a visitor: the button's code (and its texts) is a chunk of its own.
const ReportButton = lazy(() => import('./report-button.tsx').then((m) => ({ default: m.ReportButton })));

/**
 * "Reportar" on a contractor's public page: report-button.tsx, loaded once the session says
 * someone is signed in (a visitor never sees the button, and their first load does without its
 * code: decision 070).
 */
export function SignedInReportButton({ target }: { target: ReportTarget }) {
  const { user } = useViewer();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ReportButton target={target} />
    </Suspense>
  );
}
