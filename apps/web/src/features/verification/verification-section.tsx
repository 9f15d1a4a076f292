import { useState, type FormEvent } from 'react';
import type { CountryCode } from '@arreglaya/shared/countries';
import { PERSONAL_ID, TAX_ID } from '@arreglaya/shared/id-documents';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { verification as t } from '@arreglaya/shared/i18n/verification';
import { DocumentRequestSchema, identityRequestSchema, VERIFICATION_KINDS, type MyVerification, type VerificationKind } from '@arreglaya/shared/schemas/verification';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { ApiError } from '@/lib/api.ts';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate } from '@/lib/format.ts';
import { useMyVerifications, useRequestDocument, useRequestIdentity } from './api.ts';

/**
 * "Verificación" on the contractor's own profile page: each badge's state (the newest request of
 * its kind) and a form to ask for it. The document goes to the team only and is deleted at the decision.
 */
export function VerificationSection({ userId }: { userId: string }) {
  const query = useMyVerifications(userId);
  return (
    <section aria-labelledby="verification-title" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="verification-title" className="text-2xl font-bold text-slate-900">
          {t.section.title}
        </h2>
        <p className="mt-1 text-slate-700">{t.section.intro}</p>
      </div>
      <QueryState query={query} errorMessage={t.section.loadError}>
        {(data) => (
          <ul aria-label={t.section.badgeListLabel} className="flex flex-col gap-4">
            {VERIFICATION_KINDS.map((kind) => (
              <li key={kind}>
                <KindCard userId={userId} kind={kind} latest={data.items.find((i) => i.kind === kind)} hasCedula={data.hasCedula} country={data.country} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function stateLabel(v: MyVerification | undefined): string {
  if (!v) return t.statuses.none;
  if (v.expired) return t.statuses.expired;
  return t.statuses[v.status];
}

/** The badge's name: in Colombia and Mexico the identity badges carry their documents' names (decision 065). */
function kindLabel(kind: VerificationKind, country: CountryCode): string {
  if (country === 'DO') return t.kinds[kind];
  if (kind === 'cedula') return idDocuments[PERSONAL_ID[country]].label;
  if (kind === 'rnc') return idDocuments[TAX_ID[country]].label;
  return t.kinds[kind];
}

function KindCard({
  userId,
  kind,
  latest,
  hasCedula,
  country,
}: {
  userId: string;
  kind: VerificationKind;
  latest: MyVerification | undefined;
  hasCedula: boolean;
  country: CountryCode;
}) {
  const { locale } = useCountry();
  const headingId = `verification-${kind}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {kindLabel(kind, country)}
      </h3>
      <p className="text-slate-800">{t.section.state(stateLabel(latest))}</p>
      {latest && (
        <p className="text-sm text-slate-700">
          {latest.decidedAt ? t.section.decidedOn(formatDate(latest.decidedAt, locale)) : t.section.submittedOn(formatDate(latest.submittedAt, locale))}
        </p>
      )}
      {latest?.note && <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{t.section.noteFromTeam(latest.note)}</p>}
      {latest?.status !== 'pending' && <RequestForm userId={userId} kind={kind} hasCedula={hasCedula} country={country} />}
    </article>
  );
}

function RequestForm({ userId, kind, hasCedula, country }: { userId: string; kind: VerificationKind; hasCedula: boolean; country: CountryCode }) {
  const identity = useRequestIdentity(userId);
  const documents = useRequestDocument(userId);
  const [rnc, setRnc] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [issuer, setIssuer] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const busy = identity.isPending || documents.isPending;

  const fail = (e: unknown) => setErrors(e instanceof ApiError && e.fields ? { form: e.message, ...e.fields } : { form: errorMessage(e) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(null);
    try {
      if (kind === 'cedula' || kind === 'rnc') {
        const parsed = identityRequestSchema(country).safeParse(kind === 'cedula' ? { kind } : { kind, rnc });
        if (!parsed.success) return setErrors({ rnc: parsed.error.issues[0]?.message ?? '' });
        setDone((await identity.mutateAsync(parsed.data)).message);
      } else {
        const fields = { kind, issuedOn, issuer, title };
        const parsed = DocumentRequestSchema.safeParse(fields);
        const found: Record<string, string> = {};
        if (!parsed.success) for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
        if (!file) found.file = t.errors.fileMissing;
        if (Object.keys(found).length > 0) return setErrors(found);
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file', file!, file!.name);
        setDone((await documents.mutateAsync(form)).message);
      }
    } catch (e) {
      fail(e);
    }
  };

  const personal = idDocuments[PERSONAL_ID[country]];
  const tax = idDocuments[TAX_ID[country]];
  const dominican = country === 'DO';
  const hint = {
    cedula: dominican ? t.section.cedulaHint : t.section.personalIdHint(personal.short),
    rnc: dominican ? t.section.rncHint : `${t.section.taxIdHint(tax.short)} ${tax.hint}`,
    criminal_record: t.section.criminalRecordHint,
    trade_certificate: t.section.tradeCertificateHint,
  }[kind];
  const missing = dominican ? t.section.cedulaMissing : t.section.personalIdMissing(personal.short);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{kind === 'cedula' && !hasCedula ? missing : hint}</p>
      {kind === 'rnc' && (
        <Field label={dominican ? t.section.rncLabel : tax.label} error={errors.rnc}>
          {(c) => (
            <input {...c} inputMode={country === 'MX' ? 'text' : 'numeric'} autoComplete="off" value={rnc} onChange={(e) => setRnc(e.target.value)} className={inputClasses()} />
          )}
        </Field>
      )}
      {(kind === 'criminal_record' || kind === 'trade_certificate') && (
        <>
          <Field label={t.section.fileLabel} error={errors.file}>
            {(c) => (
              <input
                {...c}
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="block w-full text-base text-slate-900"
              />
            )}
          </Field>
          <Field label={t.section.issuedOnLabel} error={errors.issuedOn}>
            {(c) => <input {...c} type="date" value={issuedOn} onChange={(e) => setIssuedOn(e.target.value)} className={inputClasses()} />}
          </Field>
          {kind === 'trade_certificate' && (
            <>
              <Field label={t.section.issuerLabel} error={errors.issuer}>
                {(c) => <input {...c} value={issuer} maxLength={120} onChange={(e) => setIssuer(e.target.value)} className={inputClasses()} />}
              </Field>
              <Field label={t.section.titleLabel} error={errors.title}>
                {(c) => <input {...c} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} className={inputClasses()} />}
              </Field>
            </>
          )}
        </>
      )}
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {done}
        </p>
      )}
      <button type="submit" disabled={busy || (kind === 'cedula' && !hasCedula)} className={buttonClasses('secondary', 'self-start')}>
        {busy ? t.section.sending : t.section.request}
      </button>
    </form>
  );
}
