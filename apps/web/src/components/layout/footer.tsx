import { useId, type ReactNode } from 'react';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@arreglaya/shared/countries';
import { Link } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { guaranteeLinks } from '@arreglaya/shared/i18n/guarantee-links';
import { countryPicker } from '@arreglaya/shared/i18n/country';
import { useCountry } from '@/lib/country.ts';
import { cx } from '@/lib/cx.ts';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MapPinIcon, XIcon } from '../ui/icons.tsx';

const t = shell.footer;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/arreglaya', label: t.social.facebook, Icon: FacebookIcon },
  { href: 'https://www.instagram.com/arreglaya', label: t.social.instagram, Icon: InstagramIcon },
  { href: 'https://x.com/arreglaya', label: t.social.twitter, Icon: XIcon },
  { href: 'https://www.linkedin.com/company/arreglaya', label: t.social.linkedin, Icon: LinkedInIcon },
] as const;

const linkClasses = 'rounded text-brand-100 underline-offset-2 hover:text-white hover:underline';

interface FooterProps {
  /** The newsletter form, loaded apart from the first bundle (it brings the form and schema libraries). */
  newsletter: ReactNode;
  className?: string;
}

export function Footer({ newsletter, className }: FooterProps) {
  return (
    <footer className={cx('bg-brand-900 text-white', className)}>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold">
            {t.aboutTitle}
          </h2>
          <p className="mt-2 text-brand-100">{t.about}</p>
          <h3 className="mt-4 font-semibold">{t.socialTitle}</h3>
          <ul className="mt-2 flex gap-2">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} ${shell.newTab}`}
                  className="grid size-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-bold">
            {t.contactTitle}
          </h2>
          <ul className="mt-2 space-y-2">
            <li>
              <Link to="/contactus" className={linkClasses}>
                {t.corporateAgreement}
              </Link>
            </li>
            <li>
              <Link to="/contactus" className={linkClasses}>
                {t.suggestionBox}
              </Link>
            </li>
          </ul>
          <p className="mt-4 flex items-start gap-2 text-brand-100">
            <MapPinIcon className="mt-0.5 size-5 shrink-0" />
            <span>{t.location}</span>
          </p>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-bold">
            {t.linksTitle}
          </h2>
          <ul className="mt-2 space-y-2">
            <li>
              <Link to="/comoclientes" className={linkClasses}>
                {t.howClients}
              </Link>
            </li>
            <li>
              <Link to="/comocontratistas" className={linkClasses}>
                {t.howContractors}
              </Link>
            </li>
            <li>
              <Link to="/comoferreterias" className={linkClasses}>
                {t.hardwareStores}
              </Link>
            </li>
            <li>
              <Link to="/ayuda" className={linkClasses}>
                {t.help}
              </Link>
            </li>
            <li>
              <Link to="/garantia" className={linkClasses}>
                {guaranteeLinks.link}
              </Link>
            </li>
            <li>
              <Link to="/terminos" className={linkClasses}>
                {t.terms}
              </Link>
            </li>
            <li>
              <Link to="/privacidad" className={linkClasses}>
                {t.privacy}
              </Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-lg font-bold">
            {t.newsletterTitle}
          </h2>
          <p className="mt-2 text-brand-100">{t.newsletterText}</p>
          <div className="mt-3">{newsletter}</div>
        </section>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <p className="text-sm text-brand-100" data-testid="copyright">
            {t.copyright(new Date().getFullYear())}
          </p>
          <CountryPicker />
        </div>
      </div>
    </footer>
  );
}

/** The visitor's country (remembered): forms use its cities and phone format, prices its locale. */
function CountryPicker() {
  const id = useId();
  const country = useCountry();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-white">
        {countryPicker.label}
      </label>
      <select
        id={id}
        value={country.code}
        onChange={(e) => country.setCountry(e.target.value as CountryCode)}
        className="min-h-11 rounded-md border border-white/40 bg-brand-900 px-3 text-white"
      >
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {COUNTRIES[code].name}
          </option>
        ))}
      </select>
    </div>
  );
}
