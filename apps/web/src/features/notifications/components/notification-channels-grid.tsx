import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { NOTIFICATION_TYPES, OUTSIDE_CHANNELS, type NotificationType, type OutsideChannel } from '@arreglaya/shared/notification-channels';
import type { NotificationChannels, NotificationChannelsInput } from '@arreglaya/shared/schemas/notification-channels';
import { buttonClasses } from '@/components/ui/button.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { api } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { fetchNotificationChannels, notificationChannelsKey } from '../api/notification-channels-api.ts';

// The outside channels per notification type (issue 32, decision 038) on /perfil/notificaciones:
// a table on a wide screen, one group per type with a switch per channel on a phone; channels the
// person cannot use yet are disabled with why; quiet hours.

const g = tn.grid;

type Choices = NotificationChannels['choices'];

const checkboxClasses =
  'size-6 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** `setup`: what turns a channel on (this phone's Web Push, a verified number), shown above the grid. */
export function NotificationChannelsSection({ userId, setup }: { userId: string; setup?: ReactNode }) {
  const query = useQuery({ queryKey: notificationChannelsKey(userId), queryFn: ({ signal }) => fetchNotificationChannels(signal) });
  return (
    <section aria-labelledby="notification-channels-title" className="flex flex-col gap-3">
      <h2 id="notification-channels-title" className="text-xl font-bold text-slate-900">
        {g.title}
      </h2>
      <p className="text-slate-700">{g.intro}</p>
      <div id="notification-channel-setup" className="flex flex-col gap-4">
        {setup}
      </div>
      {query.isPending ? (
        <Spinner className="py-8" />
      ) : query.isError ? (
        <ErrorWithRetry message={g.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />
      ) : (
        <ChannelsForm userId={userId} channels={query.data} />
      )}
    </section>
  );
}

function ChannelsForm({ userId, channels }: { userId: string; channels: NotificationChannels }) {
  const id = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const saving = useInFlight();
  const [choices, setChoices] = useState<Choices>(channels.choices);
  const [quietHours, setQuietHours] = useState(channels.quietHours);
  const save = useMutation({
    mutationFn: (body: NotificationChannelsInput) => api.put<{ message: string; channels: NotificationChannels }>('/api/me/notification-channels', body),
    onSuccess: ({ channels: saved }) => queryClient.setQueryData(notificationChannelsKey(userId), saved),
  });
  const why = (c: OutsideChannel) => `${id}-why-${c}`;
  const unavailable = OUTSIDE_CHANNELS.filter((c) => !channels.reachable[c]);
  const set = (type: NotificationType, channel: OutsideChannel, on: boolean) => setChoices((v) => ({ ...v, [type]: { ...v[type], [channel]: on } }));

  const cell = (type: NotificationType, channel: OutsideChannel, extra = '') => (
    <input
      type="checkbox"
      className={`${checkboxClasses} ${extra}`}
      aria-label={g.channelFor(tn.types[type], tn.channels[channel])}
      aria-describedby={channels.reachable[channel] ? undefined : why(channel)}
      disabled={!channels.reachable[channel]}
      checked={choices[type][channel]}
      onChange={(e) => set(type, channel, e.target.checked)}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saving.run(async () => {
      try {
        const { message } = await save.mutateAsync({ choices, quietHours });
        messageBox.show({ text: message, kind: 'success' });
      } catch (error) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      }
    });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-busy={saving.busy}>
      {unavailable.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-slate-700">
          {unavailable.map((c) => (
            <li key={c} id={why(c)}>
              {tn.channels[c]}: {g.unavailable[c]}
            </li>
          ))}
        </ul>
      )}
      {/* Wide screens: one table, a row per type. */}
      <table className="hidden w-full rounded-xl border border-slate-200 bg-white text-left sm:table">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-2">
              {g.type}
            </th>
            {OUTSIDE_CHANNELS.map((c) => (
              <th key={c} scope="col" className="px-4 py-2 text-center">
                {tn.channels[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-2 font-normal text-slate-900">
                {tn.types[type]}
              </th>
              {OUTSIDE_CHANNELS.map((c) => (
                <td key={c} className="px-4 py-2 text-center">
                  {cell(type, c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one group per type, a labelled switch per channel. */}
      <div className="flex flex-col gap-3 sm:hidden">
        {NOTIFICATION_TYPES.map((type) => (
          <fieldset key={type} className="rounded-xl border border-slate-200 bg-white px-4 py-2">
            <legend className="px-1 font-semibold text-slate-900">{tn.types[type]}</legend>
            {OUTSIDE_CHANNELS.map((c) => (
              <label key={c} className="flex items-center justify-between gap-4 py-2">
                <span>{tn.channels[c]}</span>
                {cell(type, c)}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <label className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3">
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{g.quietHours}</span>
          <span className="block text-sm text-slate-700">{g.quietHoursHelp}</span>
        </span>
        <input type="checkbox" role="switch" className={checkboxClasses} checked={quietHours} onChange={(e) => setQuietHours(e.target.checked)} />
      </label>
      <div>
        <button type="submit" disabled={saving.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          <BusyLabel busy={saving.busy}>{saving.busy ? g.saving : g.save}</BusyLabel>
        </button>
      </div>
    </form>
  );
}
