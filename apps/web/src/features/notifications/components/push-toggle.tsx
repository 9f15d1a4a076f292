import { useEffect, useId, useState } from 'react';
import { push as t } from '@arreglaya/shared/i18n/push';
import { buttonClasses } from '@/components/ui/button.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { readPushState, turnOff, turnOn, type PushState } from '../lib/push-device.ts';

/**
 * "Avisarme en este teléfono" (decision 039): Web Push on this device. Reading where the device
 * stands asks nothing; the browser's permission prompt comes only from the person's tap.
 */
export function PushToggle({ onChange }: { onChange?: () => void } = {}) {
  const [state, setState] = useState<PushState | null>(null);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const action = useInFlight();
  const titleId = useId();

  useEffect(() => {
    let live = true;
    readPushState()
      .catch((): PushState => 'off')
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const toggle = () =>
    action.run(async () => {
      setNote(null);
      try {
        if (state === 'on') {
          setState(await turnOff());
          setNote({ text: t.removed, error: false });
          onChange?.();
          return;
        }
        const result = await turnOn();
        if (result === 'dismissed') setNote({ text: t.dismissed, error: false });
        else setState(result);
        if (result === 'on') {
          setNote({ text: t.saved, error: false });
          onChange?.();
        }
      } catch {
        setNote({ text: state === 'on' ? t.offFailed : t.failed, error: true });
      }
    });

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <p className="mt-1 text-slate-700">{t.intro}</p>
      {state === 'unsupported' && <p className="mt-3 rounded-md bg-slate-100 p-3 text-slate-800">{t.unsupported}</p>}
      {state === 'denied' && <p className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900">{t.denied}</p>}
      {(state === 'on' || state === 'off') && (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="button"
            onClick={() => void toggle()}
            disabled={action.busy}
            aria-busy={action.busy}
            className={buttonClasses(state === 'on' ? 'secondary' : 'primary', 'w-full sm:w-auto')}
          >
            <BusyLabel busy={action.busy}>{state === 'on' ? (action.busy ? t.turningOff : t.turnOff) : action.busy ? t.turningOn : t.turnOn}</BusyLabel>
          </button>
          <p className="text-sm text-slate-700">{state === 'on' ? t.on : t.off}</p>
        </div>
      )}
      <div aria-live="polite">
        {note && (
          <p role={note.error ? 'alert' : undefined} className={note.error ? 'mt-3 rounded-md bg-red-50 p-3 text-red-900' : 'mt-3 text-green-800'}>
            {note.text}
          </p>
        )}
      </div>
    </section>
  );
}
