import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatCedula } from '@arreglaya/shared/cedula';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import type { AdminPerson } from '@arreglaya/shared/schemas/admin-console';
import { usePerson } from '@/features/admin/api/admin-queries.ts';
import { AdminLoadError } from '@/features/admin/components/admin-load-error.tsx';
import { PersonActions } from '@/features/admin/components/person-actions.tsx';
import { PersonDeliveries } from '@/features/admin/components/person-deliveries.tsx';
import { EmailText } from '@/components/ui/email-text.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useCountry } from '@/lib/country.ts';
import { formatDate, formatMoney, formatTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';

function Section({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {empty ? <p className="mt-2 text-slate-700">{t.person.empty}</p> : <ul className="mt-2 flex flex-col divide-y divide-slate-200">{children}</ul>}
    </section>
  );
}

/** The person's WhatsApp state (decision 061): number and consent, and their last message with Meta's 24-hour window. */
function whatsappRows(wa: AdminPerson['whatsapp'], locale: string): [string, ReactNode][] {
  const w = t.person.whatsapp;
  if (!wa) return [[w.label, w.none]];
  const when = (iso: string) => `${formatDate(iso, locale)} ${formatTime(iso, locale)}`;
  const source = (s: keyof typeof w.sources | null) => (s ? w.sources[s] : w.unknownSource);
  const state = wa.optedOutAt
    ? w.optedOut(wa.number, when(wa.optedOutAt), source(wa.optOutSource))
    : wa.verifiedAt
      ? w.optedIn(wa.number, when(wa.optedInAt ?? wa.verifiedAt), source(wa.optInSource))
      : w.notConfirmed(wa.number);
  const inbound = !wa.lastInboundAt ? w.noInbound : wa.windowOpenUntil ? w.windowOpen(when(wa.lastInboundAt), when(wa.windowOpenUntil)) : w.windowClosed(when(wa.lastInboundAt));
  return [
    [w.label, state],
    [w.lastInbound, inbound],
  ];
}

function Profile({ person, locale }: { person: AdminPerson; locale: string }) {
  const rows: [string, ReactNode][] = [
    [t.people.email, <EmailText email={person.email} />],
    [t.person.phone, person.phone ?? '—'],
    [t.people.role, t.roles[person.role]],
    [t.people.status, person.bannedAt ? t.person.bannedSince(formatDate(person.bannedAt, locale)) : t.statuses[person.status]],
    [t.person.emailConfirmed, person.emailVerified ? t.person.yes : t.person.no],
    [t.person.memberSince, formatDate(person.createdAt, locale)],
  ];
  rows.push(...whatsappRows(person.whatsapp, locale));
  if (person.contractor) {
    rows.push(
      [t.person.cedula, person.contractor.cedula ? formatCedula(person.contractor.cedula) : t.person.noCedula],
      [t.person.verified, person.contractor.verifiedAt ? formatDate(person.contractor.verifiedAt, locale) : t.person.no],
      [t.person.featured, person.contractor.featured ? t.person.yes : t.person.no],
    );
  }
  return (
    <section aria-labelledby="admin-person-profile" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-person-profile" className="text-lg font-semibold text-slate-900">
        {t.person.profile}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /admin/personas/:id: one person's profile, activity and the console's actions on them. */
function AdminPersonPage() {
  const { id = '' } = useParams();
  const { locale } = useCountry();
  const person = usePerson(id);
  const p = person.data;
  // The person's name once loaded; the console's "Personas" while loading or when it failed.
  const title = p ? `${p.firstName} ${p.lastName}`.trim() || p.email : t.people.heading;
  usePageTitle(title);
  const when = (iso: string) => `${formatDate(iso, locale)} ${formatTime(iso, locale)}`;

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/personas" className="self-start font-medium text-brand-700 underline hover:text-brand-800">
        <span aria-hidden="true">‹ </span>
        {t.person.back}
      </Link>
      <h1 className="text-3xl font-bold break-words text-slate-900">{title}</h1>
      <QueryState query={person} className="flex flex-col gap-6" renderError={(error, retry, retrying) => <AdminLoadError error={error} onRetry={retry} retrying={retrying} />}>
        {(p) => (
          <>
            <div className="grid gap-6 lg:grid-cols-2">
              <Profile person={p} locale={locale} />
              <PersonActions person={p} />
            </div>
            <Section id="admin-person-projects" title={t.person.projects} empty={p.projects.length === 0}>
              {p.projects.map((x) => (
                <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link to={`/proyectos/${x.id}`} className="font-medium text-brand-700 underline">
                    {x.title}
                  </Link>
                  <span className="text-slate-700">
                    {t.projectStatuses[x.status]} · {formatDate(x.createdAt, locale)}
                  </span>
                </li>
              ))}
            </Section>
            <Section id="admin-person-quotes" title={t.person.quotes} empty={p.quotes.length === 0}>
              {p.quotes.map((x) => (
                <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium text-slate-900">{x.projectTitle}</span>
                  <span className="text-slate-700">
                    {formatMoney(x.priceMinor, x.currency, locale)} · {formatDate(x.createdAt, locale)}
                  </span>
                </li>
              ))}
            </Section>
            <Section id="admin-person-reviews" title={t.person.reviews} empty={p.reviews.length === 0}>
              {p.reviews.map((x) => (
                <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="text-slate-900">
                    {x.written ? t.person.wrote : t.person.received}: <span className="font-medium">{x.title}</span> ({t.person.review(x.rating)})
                  </span>
                  <span className="text-slate-700">{formatDate(x.createdAt, locale)}</span>
                </li>
              ))}
            </Section>
            <Section id="admin-person-sessions" title={t.person.sessions} empty={p.sessions.length === 0}>
              {p.sessions.map((x) => (
                <li key={x.id} className="flex flex-col gap-1 py-2">
                  <span className="text-slate-900">
                    {when(x.createdAt)} · {t.person.expires(formatDate(x.expiresAt, locale))}
                  </span>
                  <span className="text-sm break-all text-slate-700">
                    {x.ipAddress ? t.person.sessionFrom(x.ipAddress) : ''} {x.userAgent ?? ''}
                  </span>
                </li>
              ))}
            </Section>
            <Section id="admin-person-log" title={t.person.logTrail} empty={p.logTrail.length === 0}>
              {p.logTrail.map((x) => (
                <li key={x.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="break-all text-slate-900">
                    {x.action} · {x.location}
                  </span>
                  <span className="text-slate-700">{when(x.createdAt)}</span>
                </li>
              ))}
            </Section>
            <PersonDeliveries userId={p.id} locale={locale} />
          </>
        )}
      </QueryState>
    </div>
  );
}

export { AdminPersonPage as Component };
