import { useId, useState, type FormEvent } from 'react';
import type { Role } from '@arreglaya/shared/domain';
import { profile } from '@arreglaya/shared/i18n/profile';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferencesInput } from '@arreglaya/shared/schemas/notifications';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { useSavePreferences } from '../api/notifications-queries.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

const t = profile.notifications;

/** What each flag means for this person (alerts and matches differ for clients and contractors). */
function describe(kind: NotificationKind, role: Role): { label: string; hint: string } {
  const contractor = role === 'contractor';
  switch (kind) {
    case 'immediate':
      return { label: t.immediate, hint: contractor ? t.immediateContractor : t.immediateClient };
    case 'newsletter':
      return { label: t.newsletter, hint: t.newsletterHint };
    case 'matches':
      return { label: t.matches, hint: contractor ? t.matchesContractor : t.matchesClient };
    case 'specialOffers':
      return { label: t.specialOffers, hint: t.specialOffersHint };
  }
}

interface SwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

function Switch({ label, hint, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer font-semibold text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      </div>
      {/* A native checkbox announced as a switch: keyboard, focus and state come for free. */}
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="relative mt-1 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors before:absolute before:top-1 before:left-1 before:size-5 before:rounded-full before:bg-white before:transition-transform checked:bg-brand-700 checked:before:translate-x-5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 motion-reduce:transition-none motion-reduce:before:transition-none"
      />
    </li>
  );
}

/**
 * The spec's four notification toggles with Save (/perfil/notificaciones, /profile/notificaciones).
 * Plain state rather than react-hook-form: a control named "matches" inside a <form> would
 * shadow form.matches() (named form controls become properties of the form element).
 */
export function NotificationPreferencesForm({ userId, role, preferences }: { userId: string; role: Role; preferences: NotificationPreferencesInput }) {
  const messageBox = useMessageBox();
  const save = useSavePreferences(userId);
  const [values, setValues] = useState(preferences);
  const saving = useInFlight();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saving.run(async () => {
      try {
        const { message, preferences: saved } = await save.mutateAsync(values);
        setValues(saved);
        messageBox.show({ text: message, kind: 'success' });
      } catch (error) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      }
    });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-busy={saving.busy}>
      <fieldset className="rounded-xl border border-slate-200 bg-white px-5 py-2">
        <legend className="sr-only">{t.legend}</legend>
        <ul className="divide-y divide-slate-200">
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch key={kind} {...describe(kind, role)} checked={values[kind]} onChange={(on) => setValues((v) => ({ ...v, [kind]: on }))} />
          ))}
        </ul>
      </fieldset>
      <div>
        <button type="submit" disabled={saving.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          <BusyLabel busy={saving.busy}>{saving.busy ? t.saving : t.save}</BusyLabel>
        </button>
      </div>
    </form>
  );
}
