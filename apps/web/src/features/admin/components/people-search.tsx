import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLES, type Role } from '@arreglaya/shared/domain';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table.tsx';
import { EmailText } from '@/components/ui/email-text.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatDate, formatNumber } from '@/lib/format.ts';
import type { AdminPersonRow } from '@arreglaya/shared/schemas/admin-console';
import { usePeople } from '../api/admin-queries.ts';
import { AdminLoadError } from './admin-load-error.tsx';

function readParams(params: URLSearchParams): { q: string; role: Role | undefined; page: number } {
  const role = params.get('role');
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function hrefWith(q: string, role: Role | undefined, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (role) params.set('role', role);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return `/admin/personas${s ? `?${s}` : ''}`;
}

/** The search form; keyed by the URL's search, so the back button refills it. */
function SearchForm({ q, role, onSearch }: { q: string; role: Role | undefined; onSearch: (params: URLSearchParams) => void }) {
  const [text, setText] = useState(q);
  const [roleChoice, setRoleChoice] = useState<Role | ''>(role ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    if (roleChoice) next.set('role', roleChoice);
    onSearch(next);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
      <Field label={t.people.searchLabel} className="flex-1">
        {(control) => (
          <input
            {...control}
            type="search"
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t.people.searchPlaceholder}
            className={inputClasses()}
          />
        )}
      </Field>
      <Field label={t.people.roleLabel}>
        {(control) => (
          <select {...control} value={roleChoice} onChange={(e) => setRoleChoice(e.target.value as Role | '')} className={inputClasses('sm:w-44')}>
            <option value="">{t.roleAll}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className={buttonClasses('primary')}>
        {t.people.search}
      </button>
    </form>
  );
}

function peopleColumns(locale: string): DataTableColumn<AdminPersonRow>[] {
  return [
    {
      id: 'name',
      header: t.people.name,
      rowHeader: true,
      cell: (p) => (
        <Link to={`/admin/personas/${p.id}`} className="text-brand-700 underline hover:text-brand-800">
          {`${p.firstName} ${p.lastName}`.trim() || p.email}
        </Link>
      ),
    },
    { id: 'email', header: t.people.email, cell: (p) => <EmailText email={p.email} /> },
    { id: 'role', header: t.people.role, cell: (p) => t.roles[p.role] },
    { id: 'status', header: t.people.status, cell: (p) => t.statuses[p.status] },
    { id: 'since', header: t.people.since, cell: (p) => formatDate(p.createdAt, locale), className: 'whitespace-nowrap' },
  ];
}

/**
 * Search people by name, e-mail, phone or cédula (the server finds a cédula by its blind index).
 * The search lives in the URL (?q=&role=&page=), so the back button and a reload keep it.
 */
export function PeopleSearch({ locale }: { locale: string }) {
  const [params, setParams] = useSearchParams();
  const { q, role, page } = readParams(params);
  const people = usePeople(q, role, page);
  const data = people.data;
  const columns = peopleColumns(locale);

  return (
    <div className="flex flex-col gap-4">
      <SearchForm key={`${q}|${role ?? ''}`} q={q} role={role} onSearch={setParams} />

      <p role="status" aria-live="polite" className="font-semibold text-slate-800">
        {data && t.people.results(data.total, formatNumber(data.total, locale))}
      </p>
      <QueryState
        query={people}
        isEmpty={(d) => d.items.length === 0}
        empty={t.people.none}
        renderError={(error, retry, retrying) => <AdminLoadError error={error} onRetry={retry} retrying={retrying} />}
      >
        {(data) => (
          <>
            <DataTable caption={t.people.heading} columns={columns} rows={data.items} rowKey={(p) => p.id} />
            <Pagination page={data.page} pageCount={Math.ceil(data.total / data.pageSize)} hrefFor={(n) => hrefWith(q, role, n)} />
          </>
        )}
      </QueryState>
    </div>
  );
}
