import { pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { LegalPage } from '@/features/legal/components/legal-page.tsx';
import { TERMS } from '@/features/legal/terms.ts';
import { usePageMeta } from '@/lib/page-meta.ts';

function TermsPage() {
  usePageMeta(pageMeta.terms.title, pageMeta.terms.description);
  return <LegalPage doc={TERMS} />;
}

export { TermsPage as Component };
