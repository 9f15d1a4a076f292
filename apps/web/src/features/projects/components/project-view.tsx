import { socialLinks as socialLinksText } from '@arreglaya/shared/i18n/profile';
import type { SocialLinks } from '@arreglaya/shared/schemas/social-links';
import { SocialLinksList } from '@/components/ui/social-links.tsx';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COUNTRIES, ZONE_LABELS } from '@arreglaya/shared/countries';
import { PROPERTY_TYPE_LABELS, SERVICE_LABELS } from '@arreglaya/shared/domain';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { PROJECT_STATUS_LABELS, moneyShortfall, moneyToBeginHeld, platformFeeMinor } from '@arreglaya/shared/lifecycles';
import type { ContactData, ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { NOTE_MAX } from '@arreglaya/shared/form-limits';
import { buttonClasses } from '@/components/ui/button.ts';
import { usePlaceIndex } from '@/lib/country-places.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatMoney, formatNumber } from '@/lib/format.ts';
import { photoVariantUrl } from '@arreglaya/shared/photo-widths';
import { useChangeStatus } from '../project.ts';
import { startDateLabel } from './project-tile.tsx';
import { GuaranteePanel } from './guarantee-panel.tsx';
import { ShowUp } from './show-up.tsx';
import { WarrantyHoldbackSection } from './warranty-holdback.tsx';
import { viewerMay } from '../viewer-may.ts';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';
import { Photo } from '@/components/ui/photo.tsx';

// viewerMay is in ../viewer-may.ts (end-hire.tsx uses it too: decision 068).
export { viewerMay };

interface ProjectViewProps {
  project: ProjectDetail;
  userId: string;
  locale: string;
  /** What comes first in the page's main column, right under the title (the client's pay step while the hire waits for it). */
  lead?: ReactNode;
  /** The offers (client) or the contractor's own panel, placed below the project. */
  children?: ReactNode;
}

/** The project page's body: photos, what and where, status, contact data once hired, and the client's moves after delivery. */
export function ProjectView({ project: p, userId, locale, lead, children }: ProjectViewProps) {
  const cityName = p.city ? (COUNTRIES[p.country].cities.find((c) => c.key === p.city)?.name ?? p.city) : null;
  // The sector first, then the zone and the city ('Los Mina, Santo Domingo Este, Santo Domingo').
  // The sector's name from the project's country's places, loaded for it (not every country's with
  // the page, decision 070): the zone and the city show until they arrive.
  const places = usePlaceIndex(p.country, Boolean(p.sector), p.sector ?? undefined);
  const sectorName = p.sector ? (places?.findPlace(p.sector)?.name ?? null) : null;
  const location = [sectorName, p.zone ? ZONE_LABELS[p.zone] : null, cityName].filter(Boolean).join(', ');
  const contact = p.viewer.isClient ? p.contractorContact : p.viewer.isHiredContractor ? p.clientContact : null;
  // Contact details come with the money to begin (issue 29); until then the chat is the way to talk.
  // (The hired contractor reads it in their own panel.)
  const contactWaits = !contact && p.viewer.isClient && p.status === 'assigned' && !moneyToBeginHeld(p.money);
  const [main, ...rest] = p.photos;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words text-slate-900">{p.title}</h1>
          <p className="mt-1 text-slate-700">{t.page.publishedBy(p.clientFirstName)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <p className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">
            <span className="sr-only">{t.page.status}: </span>
            {PROJECT_STATUS_LABELS[p.status]}
          </p>
          {viewerMay('edit', p) && (
            <Link to={`/nuevoproyecto?editar=${p.id}`} className={buttonClasses('secondary')}>
              {t.page.edit}
            </Link>
          )}
        </div>
      </header>

      {lead}
      <ShowUp project={p} userId={userId} locale={locale} />

      {main && (
        <section aria-label={t.page.photos} className="flex flex-col gap-3">
          <Photo
            photoId={main.id}
            alt={t.form.photoAlt(1)}
            sizes="(min-width: 768px) 720px, 100vw"
            width={1280}
            height={960}
            fallback="lg"
            loading="eager"
            waitsOnSaveData
            className="h-auto max-h-[28rem] w-full rounded-xl object-cover"
          />
          {rest.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {rest.map((photo, i) => (
                <li key={photo.id}>
                  <a href={photoVariantUrl(photo.id, 1280)} target="_blank" rel="noreferrer" className="block">
                    <Photo
                      photoId={photo.id}
                      alt={t.form.photoAlt(i + 2)}
                      sizes="(min-width: 640px) 120px, 33vw"
                      width={320}
                      height={320}
                      className="aspect-square h-auto w-full rounded-md object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="project-description" className="flex flex-col gap-2">
          <h2 id="project-description" className="text-xl font-bold text-slate-900">
            {t.form.description}
          </h2>
          <p className="break-words whitespace-pre-line text-slate-800">{p.description}</p>
        </section>
        <section aria-labelledby="project-details" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="project-details" className="text-xl font-bold text-slate-900">
            {t.page.details}
          </h2>
          <dl className="mt-3 flex flex-col gap-2 text-slate-800">
            <div>
              <dt className="text-sm font-medium text-slate-600">{t.page.services}</dt>
              <dd>
                <ul className="mt-1 flex flex-wrap gap-1.5">
                  {p.services.map((s) => (
                    <li key={s} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
                      {SERVICE_LABELS[s]}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t.page.startDate}</dt>
              <dd>{startDateLabel(p.startDate, locale)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t.page.propertyType}</dt>
              <dd>{PROPERTY_TYPE_LABELS[p.propertyType]}</dd>
            </div>
            {location && (
              <div>
                <dt className="text-sm font-medium text-slate-600">{t.page.location}</dt>
                <dd>{location}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm font-medium text-slate-600">{t.page.intention}</dt>
              <dd>{t.form.intentions[p.intention]}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t.page.status}</dt>
              <dd>
                {PROJECT_STATUS_LABELS[p.status]}
                {p.status === 'created' && ` · ${tp.offers(p.offers)}`}
              </dd>
            </div>
          </dl>
        </section>
      </div>

      {(p.viewer.isClient || (p.viewer.isHiredContractor && contact)) && <AddressSection project={p} />}
      {contact && (
        <ContactSection
          contact={contact}
          heading={p.viewer.isClient ? t.page.contractorContact : t.page.clientContact}
          conversationId={p.conversationId}
          social={p.viewer.isHiredContractor ? p.clientSocial : null}
        />
      )}
      {contactWaits && (
        <section aria-labelledby="project-contact" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="project-contact" className="text-xl font-bold text-slate-900">
            {t.page.contact}
          </h2>
          <p className="mt-1 text-slate-800">{t.page.contactAfterPayment}</p>
          {p.conversationId && (
            <Link to={`/perfil/mensajes?conversation=${p.conversationId}`} className={buttonClasses('secondary', 'mt-4')}>
              {t.page.conversation}
            </Link>
          )}
        </section>
      )}

      {(p.deliveryNote || p.deliveryPhotos.length > 0) && (
        <section aria-labelledby="project-delivery" className="flex flex-col gap-3">
          <h2 id="project-delivery" className="text-xl font-bold text-slate-900">
            {t.page.deliveryPhotos}
          </h2>
          {p.deliveryNote && (
            <p className="text-slate-800">
              <span className="font-medium">{t.page.deliveryNote}: </span>
              {p.deliveryNote}
            </p>
          )}
          {p.deliveryPhotos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {p.deliveryPhotos.map((photo, i) => (
                <li key={photo.id}>
                  <Photo
                    photoId={photo.id}
                    alt={`${t.page.deliveryPhotos} ${i + 1}`}
                    sizes="(min-width: 640px) 120px, 33vw"
                    width={320}
                    height={320}
                    className="aspect-square h-auto w-full rounded-md object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <AfterDelivery project={p} userId={userId} locale={locale} />
      <GuaranteePanel project={p} userId={userId} locale={locale} />
      <WarrantyHoldbackSection project={p} userId={userId} locale={locale} />

      {children}
    </div>
  );
}

/**
 * The job's address (decision 049): the client's own, always, saying who will see it; the hired
 * contractor's once the money to begin is held (the server sends it only then).
 */
function AddressSection({ project: p }: { project: ProjectDetail }) {
  const a = p.address;
  return (
    <section aria-labelledby="project-address" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="project-address" className="text-xl font-bold text-slate-900">
        {t.page.address}
      </h2>
      {a ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
          <dt className="font-medium">{t.page.street}</dt>
          <dd className="break-words">{a.street}</dd>
          {a.reference && (
            <>
              <dt className="font-medium">{t.page.reference}</dt>
              <dd className="break-words">{a.reference}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-1 text-slate-800">{p.viewer.isClient ? (viewerMay('edit', p) ? t.page.noAddressEdit : t.page.noAddressChat) : t.page.noAddressContractor}</p>
      )}
      {p.viewer.isClient && a && <p className="mt-2 text-sm text-slate-700">{t.page.addressPrivate}</p>}
    </section>
  );
}

function ContactSection({ contact, heading, conversationId, social }: { contact: ContactData; heading: string; conversationId: string | null; social: SocialLinks | null }) {
  return (
    <section aria-labelledby="project-contact" className="rounded-xl border border-green-700/40 bg-green-50 p-4">
      <h2 id="project-contact" className="text-xl font-bold text-slate-900">
        {t.page.contact}
      </h2>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
        {/* Said once (issue 46: a visible line and a hidden term read 'Tu contratista' twice). */}
        <dt className="col-span-2 text-sm text-slate-700">{heading}</dt>
        <dd className="col-span-2 font-semibold">{contact.name}</dd>
        <dt className="font-medium">{t.page.email}</dt>
        <dd className="break-all">
          <a href={`mailto:${contact.email}`} className="text-brand-700 underline">
            {contact.email}
          </a>
        </dd>
        <dt className="font-medium">{t.page.phone}</dt>
        <dd>
          {contact.phone ? (
            <a href={`tel:${contact.phone}`} className="text-brand-700 underline">
              {contact.phone}
            </a>
          ) : (
            t.page.noPhone
          )}
        </dd>
      </dl>
      {/* The client's Facebook, Instagram and LinkedIn, with her other contact details (decision 058). */}
      {social && (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-800">{socialLinksText.clientTitle}</p>
          <div className="mt-1">
            <SocialLinksList links={social} name={contact.name} />
          </div>
        </div>
      )}
      {conversationId && (
        <Link to={`/perfil/mensajes?conversation=${conversationId}`} className={buttonClasses('primary', 'mt-4')}>
          {t.page.conversation}
        </Link>
      )}
    </section>
  );
}

/** Approve the delivered work or open a claim (with a note), as the table allows the client. */
function AfterDelivery({ project, userId, locale }: { project: ProjectDetail; userId: string; locale: string }) {
  const id = useId();
  const change = useChangeStatus(userId, project.id);
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState<'approve' | 'claim' | null>(null);
  const money = project.money;
  // Approval releases the whole price (MONEY_GATES): offered only once all of it is held or released.
  const approveShortfall = money ? moneyShortfall('approve', money) : 0;
  const mayApprove = viewerMay('approve', project) && approveShortfall === 0;
  const approveWaits = viewerMay('approve', project) && approveShortfall > 0;
  const mayClaim = viewerMay('claim', project);
  if (!mayApprove && !mayClaim && !approveWaits) return null;
  const amount = (minor: number) => (money ? formatMoney(minor, money.currency, locale) : '');
  // What the approval releases, the fee ArreglaYa keeps and what the contractor receives (the ledger's rounding).
  const approveText = (held: number, feePercent: number) => {
    const fee = platformFeeMinor(held, feePercent);
    return t.after.approveRelease(amount(held), amount(fee), `${formatNumber(feePercent, locale)} %`, amount(held - fee));
  };
  return (
    <section id={PROJECT_SECTIONS.work} aria-labelledby={`${id}-title`} className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t.after.title}
      </h2>
      {approveWaits && <p className="text-slate-800">{tp.moneyRefused.approve(amount(approveShortfall))}</p>}
      <div className="flex flex-wrap gap-2">
        {mayApprove && (
          <button type="button" onClick={() => setAsking('approve')} className={buttonClasses('primary')}>
            {t.after.approve}
          </button>
        )}
        {mayClaim && (
          <button type="button" onClick={() => setAsking('claim')} className={buttonClasses('secondary')}>
            {t.after.claim}
          </button>
        )}
      </div>
      {asking === 'approve' && (
        <ConfirmDialog
          title={t.after.approve}
          confirmLabel={t.after.approve}
          onConfirm={async () => {
            const { message } = await change.mutateAsync({ status: 'completado' });
            messageBox.show({ text: message, kind: 'success' });
          }}
          onClose={() => setAsking(null)}
        >
          {money && money.heldMinor > 0 ? approveText(money.heldMinor, money.feePercent) : t.after.approveConfirm}
        </ConfirmDialog>
      )}
      {asking === 'claim' && (
        <ConfirmDialog
          title={t.after.claim}
          confirmLabel={t.after.claim}
          comment={{ label: t.after.claimNote, maxLength: NOTE_MAX }}
          danger
          onConfirm={async (note) => {
            const { message } = await change.mutateAsync(note ? { status: 'disputed', note } : { status: 'disputed' });
            messageBox.show({ text: message, kind: 'success' });
          }}
          onClose={() => setAsking(null)}
        >
          {tp.claimReasonRequired}
        </ConfirmDialog>
      )}
    </section>
  );
}
