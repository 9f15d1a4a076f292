import { useEffect, useId, useState, type FormEvent } from 'react';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import { formatPhone } from '@arreglaya/shared/format-phone';
import { AddPhoneSchema, normalizePhone, PHONE_CHANNELS, VerifyPhoneSchema, type PhoneChannel, type PhoneStatus } from '@arreglaya/shared/schemas/phone';
import { buttonClasses } from '@/components/ui/button.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { usePhone, useRemovePhone, useSendPhoneCode, useVerifyPhone } from '../api/phone-api.ts';

const t = messaging.phone;

/** Seconds until `iso` (0 once past), ticking every second while above 0. */
function useSecondsUntil(iso: string | undefined): number {
  const target = iso ? Date.parse(iso) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => {
      const n = Date.now();
      setNow(n);
      if (n >= target) clearInterval(timer);
    };
    // At once (a clock left from an earlier countdown is stale), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [target]);
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** One tap, one request, whose answer (or failure) the message box shows; `after` runs on success. */
function useAction() {
  const messageBox = useMessageBox();
  const flight = useInFlight();
  const act = (work: () => Promise<{ message: string }>, after?: () => void) =>
    void flight.run(async () => {
      try {
        const { message } = await work();
        messageBox.show({ text: message, kind: 'success' });
        after?.();
      } catch (err) {
        messageBox.show({ text: errorMessage(err), kind: 'error' });
      }
    });
  return { busy: flight.busy, act };
}

/** The field's own message of a refused request, when the server named one. */
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fields?.[field] : undefined);

function NumberForm({ userId, country, initialNumber, onSent }: { userId: string; country: CountryCode; initialNumber: string; onSent(): void }) {
  const sendCode = useSendPhoneCode(userId);
  const messageBox = useMessageBox();
  const flight = useInFlight();
  const [number, setNumber] = useState(initialNumber);
  const [channel, setChannel] = useState<PhoneChannel>('whatsapp');
  const [error, setError] = useState<string | undefined>();
  const legendId = useId();

  const onSubmit = flight.submit(async (event: FormEvent<HTMLFormElement>) => {
    const parsed = AddPhoneSchema.safeParse({ number, channel, country });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="tel"]')?.focus();
      return;
    }
    setError(undefined);
    try {
      const { message } = await sendCode.mutateAsync(parsed.data);
      messageBox.show({ text: message, kind: 'success' });
      onSent();
    } catch (err) {
      const onField = fieldError(err, 'number');
      if (onField) setError(onField);
      else messageBox.show({ text: errorMessage(err), kind: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={flight.busy}>
      <Field label={t.number} hint={t.numberHint(COUNTRIES[country].phoneExample)} error={error}>
        {(control) => (
          <input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="809 555 1234"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            className={inputClasses()}
          />
        )}
      </Field>
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
        <legend id={legendId} className="font-medium text-slate-800">
          {t.channel}
        </legend>
        {PHONE_CHANNELS.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="channel" value={value} checked={channel === value} onChange={() => setChannel(value)} className="size-5 accent-brand-700" />
            {t.channels[value]}
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" disabled={flight.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          <BusyLabel busy={flight.busy}>{flight.busy ? t.sending : t.sendCode}</BusyLabel>
        </button>
      </div>
    </form>
  );
}

function CodeForm({ userId, country, pending, onChangeNumber }: { userId: string; country: CountryCode; pending: NonNullable<PhoneStatus['pending']>; onChangeNumber(): void }) {
  const verify = useVerifyPhone(userId);
  const resend = useSendPhoneCode(userId);
  const messageBox = useMessageBox();
  const verifying = useInFlight();
  const resending = useAction();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const wait = useSecondsUntil(pending.resendAt);

  const onSubmit = verifying.submit(async () => {
    const parsed = VerifyPhoneSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const { message } = await verify.mutateAsync(parsed.data);
      messageBox.show({ text: message, kind: 'success' });
    } catch (err) {
      setError(fieldError(err, 'code') ?? errorMessage(err));
    }
  });

  const onResend = () =>
    resending.act(
      () => resend.mutateAsync({ number: pending.number, channel: pending.channel }),
      () => {
        setCode('');
        setError(undefined);
      },
    );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={verifying.busy}>
      <p className="text-slate-800" role="status">
        {t.codeSent(pending.channel, formatPhone(pending.number, country))}
      </p>
      <Field label={t.code} error={error}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            className={inputClasses('max-w-40 tracking-widest')}
          />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button type="submit" disabled={verifying.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          <BusyLabel busy={verifying.busy}>{verifying.busy ? t.verifying : t.verify}</BusyLabel>
        </button>
        <button type="button" onClick={onResend} disabled={wait > 0 || resending.busy} className={buttonClasses('secondary', 'w-full sm:w-auto')}>
          <BusyLabel busy={resending.busy}>{wait > 0 ? t.resendIn(wait) : resending.busy ? t.sending : t.resend}</BusyLabel>
        </button>
        <button type="button" onClick={onChangeNumber} className={buttonClasses('ghost', 'w-full sm:w-auto')}>
          {t.changeNumber}
        </button>
      </div>
    </form>
  );
}

function VerifiedNumber({
  userId,
  country,
  phone,
  adding,
  onAddChannel,
}: {
  userId: string;
  country: CountryCode;
  phone: PhoneStatus & { number: string };
  adding: boolean;
  onAddChannel(channel: PhoneChannel): void;
}) {
  const remove = useRemovePhone(userId);
  const removing = useAction();
  const onRemove = () => removing.act(() => remove.mutateAsync(undefined));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">
        {t.yourNumber}: <strong className="whitespace-nowrap">{formatPhone(phone.number, country)}</strong>
      </p>
      <ul className="divide-y divide-slate-200">
        {PHONE_CHANNELS.map((channel) => {
          const state = phone.channels[channel];
          return (
            <li key={channel} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="font-semibold text-slate-900">{t.channels[channel]}</span>
              {state.verified ? (
                <span className={state.optedOut ? 'text-sm text-amber-800' : 'text-sm font-medium text-green-800'}>{state.optedOut ? t.channelOptedOut : t.channelOn}</span>
              ) : (
                <button type="button" onClick={() => onAddChannel(channel)} disabled={adding} className={buttonClasses('secondary', 'w-full sm:w-auto')}>
                  <BusyLabel busy={adding}>{t.addChannel(channel)}</BusyLabel>
                </button>
              )}
              {!state.verified && state.undeliverable && <p className="w-full text-sm text-amber-800">{t.channelUndeliverable(channel)}</p>}
            </li>
          );
        })}
      </ul>
      <div>
        <button type="button" onClick={onRemove} disabled={removing.busy} className={buttonClasses('ghost', 'w-full sm:w-auto')}>
          <BusyLabel busy={removing.busy}>{removing.busy ? t.removing : t.remove}</BusyLabel>
        </button>
      </div>
    </div>
  );
}

/**
 * WhatsApp and SMS on /perfil/notificaciones (decision 040): the number, the channel the code goes
 * by, the code (resend after a countdown), the verified channels, remove. One tap, one request.
 * `country` and `profilePhone` are the person's (profile): numbers are written the way their
 * country does, and the field starts from the profile's phone when it is one this channel takes.
 */
export function PhoneChannelSection({ userId, country, profilePhone }: { userId: string; country: CountryCode; profilePhone: string | null }) {
  const query = usePhone(userId);
  const sendCode = useSendPhoneCode(userId);
  const adding = useAction();
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  let content;
  if (query.isPending) content = <Spinner className="py-6" />;
  else if (query.isError) content = <ErrorWithRetry message={t.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />;
  else {
    const phone = query.data;
    if (phone.pending && !editing) content = <CodeForm userId={userId} country={country} pending={phone.pending} onChangeNumber={() => setEditing(true)} />;
    else if (phone.number && !editing)
      content = (
        <VerifiedNumber
          userId={userId}
          country={country}
          phone={{ ...phone, number: phone.number }}
          adding={adding.busy}
          onAddChannel={(channel) => adding.act(() => sendCode.mutateAsync({ number: phone.number!, channel }))}
        />
      );
    else {
      const start = phone.pending?.number ?? (profilePhone ? normalizePhone(profilePhone, country) : null);
      content = <NumberForm userId={userId} country={country} initialNumber={start ? formatPhone(start, country) : ''} onSent={() => setEditing(false)} />;
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="text-slate-700">{t.intro}</p>
      {content}
    </section>
  );
}
