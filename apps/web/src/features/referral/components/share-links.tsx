import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { shell } from '@arreglaya/shared/i18n/shell';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/ui/icons.tsx';

/** A WhatsApp link with `text` written; to one number (wa.me's digits, format-phone's whatsAppNumber) or, without it, to a chat the person picks. */
export function whatsAppHref(text: string, number?: string): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

export const linkClasses =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-800 hover:border-brand-400 hover:bg-brand-50';

/** Share buttons (Facebook, X, LinkedIn, e-mail) and a WhatsApp link with a prefilled Spanish message. */
export function ShareLinks({ url }: { url: string }) {
  const text = `${t.shareText} ${url}`;
  const enc = encodeURIComponent;
  const links = [
    { label: t.shareFacebook, href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`, Icon: FacebookIcon, external: true },
    { label: t.shareTwitter, href: `https://twitter.com/intent/tweet?text=${enc(t.shareText)}&url=${enc(url)}`, Icon: XIcon, external: true },
    { label: t.shareLinkedIn, href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`, Icon: LinkedInIcon, external: true },
    { label: t.shareEmail, href: `mailto:?subject=${enc(t.emailSubject)}&body=${enc(text)}`, Icon: null, external: false },
    { label: t.shareWhatsApp, href: whatsAppHref(text), Icon: null, external: true },
  ];
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map(({ label, href, Icon, external }) => (
        <li key={label}>
          <a href={href} className={linkClasses} {...(external ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': `${label} ${shell.newTab}` } : {})}>
            {Icon && <Icon className="size-5" />}
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
