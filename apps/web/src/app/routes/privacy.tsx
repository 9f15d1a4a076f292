import { pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { LegalPage } from '@/features/legal/components/legal-page.tsx';
import { PRIVACY } from '@/features/legal/privacy.ts';
import { usePageMeta } from '@/lib/page-meta.ts';

function PrivacyPage() {
  usePageMeta(pageMeta.privacy.title, pageMeta.privacy.description);
  return <LegalPage doc={PRIVACY} />;
}

export { PrivacyPage as Component };
