import { useSearchParams } from 'react-router';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { ReviewQueue } from '@/features/admin-reviews/components/review-queue.tsx';
import { useCountry } from '@/lib/country.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /admin/resenas: the console's review queue (sysadmins only: the route's loader). */
function AdminReviewsPage() {
  usePageTitle(t.admin.title);
  const { user } = useViewer();
  const { locale } = useCountry();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ReviewQueue userId={user?.id ?? ''} page={page} locale={locale} />
    </div>
  );
}

export { AdminReviewsPage as Component };
