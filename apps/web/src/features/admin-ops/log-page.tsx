import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminLog as t } from '@arreglaya/shared/i18n/admin-ops';
import { LogTrailQuerySchema, type LogTrailFilterForm, type LogTrailPage, type LogTrailQuery } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table.tsx';
import { EmailText } from '@/components/ui/email-text.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { formatDate, formatNumber, formatTime } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { adminOpsKeys, fetchLog } from './api.ts';

type LogTrailEntry = LogTrailPage['items'][number];

const FILTERS = ['who', 'what', 'where', 'from', 'to'] as const;

const LOG_COLUMNS: DataTableColumn<LogTrailEntry>[] = [
  { id: 'when', header: t.when, cell: (e) => `${formatDate(e.createdAt)} ${formatTime(e.createdAt)}`, className: 'whitespace-nowrap' },
  { id: 'who', header: t.who, cell: (e) => (e.email ? <EmailText email={e.email} /> : t.visitor) },
  { id: 'what', header: t.what, cell: (e) => e.action },
  { id: 'where', header: t.where, cell: (e) => e.location, className: 'break-all' },
  { id: 'details', header: t.details, cell: (e) => e.details, className: 'max-w-xs font-mono text-xs break-all text-slate-700' },
];

/** The filters of the URL (those the schema accepts), as a query string without the page. */
function filterQuery(params: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of FILTERS) {
    const v = params.get(key);
    if (v) q.set(key, v);
  }
  return q;
}

/** /admin/registro: the log trail, filtered by who, what, where and when; newest first; CSV of the filtered rows. */
export function LogPage() {
  usePageTitle(t.title);
  const [params, setParams] = useSearchParams();
  const filters = filterQuery(params);
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const query = new URLSearchParams(filters);
  query.set('page', String(page));
  const log = useQuery({ queryKey: adminOpsKeys.log(query.toString()), queryFn: ({ signal }) => fetchLog(query.toString(), signal) });
  const form = useForm<LogTrailFilterForm, unknown, LogTrailQuery>({
    resolver: zodResolver(LogTrailQuerySchema),
    defaultValues: Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])),
  });
  const errors = form.formState.errors;
  const apply = (values: LogTrailQuery) => {
    const next = new URLSearchParams();
    for (const key of FILTERS) if (values[key]) next.set(key, values[key]);
    setParams(next);
  };
  const clear = () => {
    form.reset(Object.fromEntries(FILTERS.map((k) => [k, ''])));
    setParams(new URLSearchParams());
  };
  const pageCount = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  const csvHref = `/api/admin/log-trail.csv${filters.size ? `?${filters.toString()}` : ''}`;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <form
        noValidate
        aria-label={t.filters}
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={form.handleSubmit(apply)}
      >
        <Field label={t.who} error={errors.who?.message}>
          {(control) => <input {...control} type="search" className={inputClasses()} {...form.register('who')} />}
        </Field>
        <Field label={t.what} error={errors.what?.message}>
          {(control) => <input {...control} type="search" className={inputClasses()} {...form.register('what')} />}
        </Field>
        <Field label={t.where} error={errors.where?.message}>
          {(control) => <input {...control} type="search" className={inputClasses()} {...form.register('where')} />}
        </Field>
        <Field label={t.from} error={errors.from?.message}>
          {(control) => <input {...control} type="date" className={inputClasses()} {...form.register('from')} />}
        </Field>
        <Field label={t.to} error={errors.to?.message}>
          {(control) => <input {...control} type="date" className={inputClasses()} {...form.register('to')} />}
        </Field>
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className={buttonClasses('primary')}>
            {t.apply}
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={clear}>
            {t.clear}
          </button>
        </div>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700" aria-live="polite">
          {log.data ? t.total(formatNumber(log.data.total)) : ''}
        </p>
        <a href={csvHref} download className={buttonClasses('secondary')}>
          {t.exportCsv}
        </a>
      </div>
      <QueryState query={log} isEmpty={(d) => d.items.length === 0} empty={t.empty} errorMessage={t.loadError}>
        {(data) => <DataTable caption={t.tableLabel} columns={LOG_COLUMNS} rows={data.items} rowKey={(e) => e.id} rowClassName="align-top" />}
      </QueryState>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => {
          const q = new URLSearchParams(filters);
          q.set('pagina', String(n));
          return `?${q.toString()}`;
        }}
      />
    </div>
  );
}

export { LogPage as Component };
