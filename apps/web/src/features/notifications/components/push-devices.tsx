import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { push as t } from '@arreglaya/shared/i18n/push';
import type { PushDevice } from '@arreglaya/shared/schemas/push';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate } from '@/lib/format.ts';
import { fetchPushDevices, pushDevicesKey, removePushDevice } from '../api/push-api.ts';

/**
 * The person's devices that receive their notices (issue 48): each one's name, when it was turned
 * on and when it last got a notice, and a way to remove it (asked first). A device they no longer
 * use, or do not recognise, stops receiving their notices.
 */
export function PushDevices() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: pushDevicesKey, queryFn: ({ signal }) => fetchPushDevices(signal) });
  const [asking, setAsking] = useState<PushDevice | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const remove = async (device: PushDevice) => {
    try {
      const { message } = await removePushDevice(device.id);
      setNote(message);
    } finally {
      await queryClient.invalidateQueries({ queryKey: pushDevicesKey });
    }
  };

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t.devicesTitle}
      </h2>
      <p className="mt-1 text-slate-700">{t.devicesIntro}</p>
      {query.isPending && <Spinner className="py-4" />}
      {query.isError && <ErrorWithRetry message={t.devicesFailed} onRetry={query.refetch} retrying={query.isFetching} />}
      {query.data && query.data.devices.length === 0 && <p className="mt-3 text-slate-700">{t.devicesEmpty}</p>}
      {query.data && query.data.devices.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200">
          {query.data.devices.map((device) => (
            <li key={device.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{device.label}</p>
                <p className="text-sm text-slate-700">{t.registeredOn(formatDate(device.createdAt))}</p>
                <p className="text-sm text-slate-700">{device.lastUsedAt ? t.lastUsedOn(formatDate(device.lastUsedAt)) : t.neverUsed}</p>
              </div>
              <button
                type="button"
                onClick={() => {
                  setNote(null);
                  setAsking(device);
                }}
                aria-label={t.removeDeviceLabel(device.label)}
                className={buttonClasses('secondary', 'w-full sm:w-auto')}
              >
                {t.removeDevice}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">{note && <p className="mt-3 text-green-800">{note}</p>}</div>
      {asking && (
        <ConfirmDialog
          title={t.removeDeviceConfirm(asking.label)}
          confirmLabel={t.removeDeviceYes}
          busyLabel={t.removingDevice}
          cancelLabel={t.removeDeviceNo}
          danger
          onConfirm={() => remove(asking)}
          onClose={() => setAsking(null)}
        >
          {t.removeDeviceWarning}
        </ConfirmDialog>
      )}
    </section>
  );
}
