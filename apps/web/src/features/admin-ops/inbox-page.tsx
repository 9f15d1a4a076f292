import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_MESSAGE_TYPE_LABELS, INBOX_STATUSES, SERVICE_LABELS, type ContactMessageType, type InboxStatus, type ServiceType } from '@arreglaya/shared/domain';
import { adminInbox as t, inboxKindLabels, inboxStatusLabels } from '@arreglaya/shared/i18n/admin-ops';
import { INBOX_KINDS, InboxReplySchema, type InboxItem, type InboxKind, type InboxReply, type SubscriberPage } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table.tsx';
import { EmailText } from '@/components/ui/email-text.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { cx } from '@/lib/cx.ts';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { adminOpsKeys, closeItem, fetchInbox, fetchSubscribers, replyToItem } from './api.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { Detail } from './detail.tsx';

type Subscriber = SubscriberPage['items'][number];

type Tab = InboxKind | 'newsletter';
const TABS: readonly Tab[] = [...INBOX_KINDS, 'newsletter'];
const tabLabel = (tab: Tab) => (tab === 'newsletter' ? t.newsletter : inboxKindLabels[tab]);

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /admin/bandejas: contact messages, quick bookings, store applications, referrals and the newsletter list. */
export function InboxPage() {
  usePageTitle(t.title);
  const [params] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('bandeja') ?? '') ? (params.get('bandeja') as Tab) : 'contact_page';
  const status = (INBOX_STATUSES as readonly string[]).includes(params.get('estado') ?? '') ? (params.get('estado') as InboxStatus) : '';
  const page = pageOf(params.get('pagina'));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <nav aria-label={t.tabsLabel}>
        <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
          {TABS.map((value) => (
            <li key={value}>
              <Link to={`?bandeja=${value}`} aria-current={value === tab ? 'page' : undefined} className={cx(buttonClasses(value === tab ? 'primary' : 'ghost'), 'px-3')}>
                {tabLabel(value)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'newsletter' ? <Newsletter page={page} /> : <Inbox kind={tab} status={status} page={page} />}
    </div>
  );
}

function Inbox({ kind, status, page }: { kind: InboxKind; status: InboxStatus | ''; page: number }) {
  const [, setParams] = useSearchParams();
  const filterId = useId();
  const inbox = useQuery({ queryKey: adminOpsKeys.inbox(kind, status, page), queryFn: ({ signal }) => fetchInbox(kind, status, page, signal) });
  const pageCount = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;
  return (
    <section aria-labelledby={`${filterId}-title`} className="flex flex-col gap-4">
      <h2 id={`${filterId}-title`} className="text-2xl font-semibold text-slate-900">
        {inboxKindLabels[kind]}
      </h2>
      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor={filterId} className="font-medium text-slate-800">
          {t.statusFilter}
        </label>
        <select id={filterId} className={inputClasses()} value={status} onChange={(e) => setParams(e.target.value ? { bandeja: kind, estado: e.target.value } : { bandeja: kind })}>
          <option value="">{t.allStatuses}</option>
          {INBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {inboxStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={inbox} isEmpty={(d) => d.items.length === 0} empty={t.empty} errorMessage={t.loadError}>
        {(data) => (
          <ul aria-label={t.listLabel(inboxKindLabels[kind])} className="flex flex-col gap-3">
            {data.items.map((item) => (
              <InboxEntry key={item.id} item={item} />
            ))}
          </ul>
        )}
      </QueryState>
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => `?bandeja=${kind}${status ? `&estado=${status}` : ''}&pagina=${n}`} />
    </section>
  );
}

function InboxEntry({ item }: { item: InboxItem }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const headingId = useId();
  const form = useForm<InboxReply>({ resolver: zodResolver(InboxReplySchema), defaultValues: { reply: '' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminOpsKeys.inboxAll });
  const reply = useMutation({
    mutationFn: (values: InboxReply) => replyToItem(item.id, values.reply),
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      form.reset();
      await refresh();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['reply'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });
  const close = useMutation({
    mutationFn: () => closeItem(item.id),
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await refresh();
    },
    onError: (error) => messageBox.show({ text: errorMessage(error), kind: 'error' }),
  });
  // One request at a time for the entry: a reply and a close never cross.
  const inFlight = useInFlight();
  const closeButton = (
    <button type="button" className={buttonClasses('secondary')} disabled={inFlight.busy} aria-busy={inFlight.busy} onClick={() => void inFlight.send(close, undefined)}>
      <BusyLabel busy={inFlight.busy && close.isPending}>{t.close}</BusyLabel>
    </button>
  );
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {item.name}
        </h3>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', item.status === 'new' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800')}>
          {inboxStatusLabels[item.status]}
        </span>
      </div>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <Detail label={t.receivedAt} value={formatDate(item.createdAt)} />
        <Detail label={t.email} value={item.email} />
        <Detail label={t.phone} value={item.phone} />
        <Detail label={t.messageType} value={item.messageType ? (CONTACT_MESSAGE_TYPE_LABELS[item.messageType as ContactMessageType] ?? item.messageType) : null} />
        <Detail label={t.services} value={item.serviceTypes.map((s) => SERVICE_LABELS[s as ServiceType] ?? s).join(', ')} />
        <Detail label={t.address} value={item.address} />
        <Detail label={t.cedula} value={item.cedula} />
        <Detail label={t.bank} value={item.bank} />
        <Detail label={t.bankAccount} value={item.bankAccount} />
        <Detail label={t.referredBy} value={item.referredBy} />
      </dl>
      {item.message && <p className="mt-2 break-words whitespace-pre-line text-slate-900">{item.message}</p>}
      {item.replyText && (
        <div className="mt-2 rounded-md bg-slate-50 p-2 text-sm">
          <p className="font-medium text-slate-700">{t.lastReply}</p>
          <p className="break-words whitespace-pre-line text-slate-900">{item.replyText}</p>
        </div>
      )}
      {item.status !== 'closed' && (
        <div className="mt-3 flex flex-col gap-3">
          {item.email ? (
            <form noValidate className="flex flex-col gap-2" onSubmit={form.handleSubmit((values) => inFlight.send(reply, values))}>
              <Field label={t.replyLabel} error={form.formState.errors.reply?.message}>
                {(control) => <textarea {...control} rows={3} className={inputClasses()} {...form.register('reply')} />}
              </Field>
              <div className="flex flex-wrap gap-2">
                <button type="submit" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy}>
                  <BusyLabel busy={inFlight.busy && reply.isPending}>{t.send}</BusyLabel>
                </button>
                {closeButton}
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm text-slate-700">{t.noEmail}</p>
              {closeButton}
            </div>
          )}
        </div>
      )}
    </li>
  );
}

const SUBSCRIBER_COLUMNS: DataTableColumn<Subscriber>[] = [
  { id: 'email', header: t.email, cell: (s) => <EmailText email={s.email} /> },
  { id: 'status', header: t.status, cell: (s) => t.subscriptionStatus[s.status] },
  { id: 'since', header: t.subscribedAt, cell: (s) => formatDate(s.createdAt) },
];

function Newsletter({ page }: { page: number }) {
  const subscribers = useQuery({ queryKey: adminOpsKeys.newsletter(page), queryFn: ({ signal }) => fetchSubscribers(page, signal) });
  const pageCount = subscribers.data ? Math.max(1, Math.ceil(subscribers.data.total / subscribers.data.pageSize)) : 1;
  return (
    <section aria-labelledby="newsletter-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="newsletter-title" className="text-2xl font-semibold text-slate-900">
          {t.subscribers}
        </h2>
        <a href="/api/admin/newsletter.csv" download className={buttonClasses('secondary')}>
          {t.exportCsv}
        </a>
      </div>
      <QueryState query={subscribers} isEmpty={(d) => d.items.length === 0} empty={t.subscribersEmpty} errorMessage={t.loadError}>
        {(data) => <DataTable caption={t.subscribers} columns={SUBSCRIBER_COLUMNS} rows={data.items} rowKey={(s) => s.id} />}
      </QueryState>
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => `?bandeja=newsletter&pagina=${n}`} />
    </section>
  );
}

export { InboxPage as Component };
