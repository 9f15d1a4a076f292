import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { ContactButton } from '@/features/contractor-contact/components/contact-button.tsx';
import { ContractorCard } from '@/features/directory/components/contractor-card.tsx';
import { DirectorySearch } from '@/features/directory/components/directory-search.tsx';
import { FavouriteHeart } from '@/features/favourites/components/favourite-heart.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';

/** /busqueda, 'Contratistas disponibles' (spec §2): the directory with the heart and Contactar on each card. */
function SearchPage() {
  usePageMeta(t.title, t.metaDescription);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: t.title }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 mb-6 text-lg text-slate-700">{t.intro}</p>
      <DirectorySearch
        renderCard={(contractor, origin) => (
          <ContractorCard
            contractor={contractor}
            origin={origin}
            favourite={<FavouriteHeart contractorId={contractor.id} contractorName={contractor.name} />}
            contact={<ContactButton contractor={contractor} />}
          />
        )}
      />
    </div>
  );
}

export { SearchPage as Component };
