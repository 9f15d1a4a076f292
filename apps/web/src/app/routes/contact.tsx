import { Link } from 'react-router';
import { contact as t } from '@arreglaya/shared/i18n/contact';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ContactForm } from '@/features/contact/components/contact-form.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { MapPinIcon } from '@/components/ui/icons.tsx';

const aside = shell.contactAside;

function ContactPage() {
  usePageTitle(t.title);
  const { user } = useViewer();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: t.title }]} />
      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
          <p className="mt-2 text-lg text-slate-700">{t.intro}</p>
          <div className="mt-8">
            <ContactForm signedInAs={user ? { firstName: user.firstName, email: user.email } : null} />
          </div>
        </div>
        <aside aria-labelledby="contact-aside-title" className="h-fit rounded-xl bg-brand-50 p-6 text-slate-800">
          <h2 id="contact-aside-title" className="text-lg font-bold text-slate-900">
            {aside.title}
          </h2>
          <p className="mt-2">{aside.reply}</p>
          <p className="mt-2">{aside.helpText}</p>
          <Link to="/ayuda" className="mt-2 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {aside.helpLink}
          </Link>
          <p className="mt-4 flex items-start gap-2">
            <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{shell.footer.location}</span>
          </p>
        </aside>
      </div>
    </div>
  );
}

export { ContactPage as Component };
