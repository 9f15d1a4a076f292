import type { CsvMapping } from '@arreglaya/shared/schemas/bank-statements';
import type { z } from 'zod';
import type { ImportReportSchema, StatementLineView } from '@arreglaya/shared/schemas/statements';
import { api, apiRequest } from '@/lib/api.ts';

// The console's bank page (/admin/banco, issue 47): the statement import, a bank's CSV layout and
// the queue of lines to assign or return. Sysadmins only; the writes carry the app's CSRF header
// like every apiRequest.

export type ImportReport = z.infer<typeof ImportReportSchema>;

export const adminBankKeys = {
  /** The queue: the bank page and the overview's count read it. */
  queue: ['admin', 'bank', 'queue'] as const,
};

/**
 * The server's cap on one statement file (apps/server/src/modules/bank-statements/
 * bank-statements.routes.ts, FILE_LIMIT): a larger file is refused here before it is sent.
 */
export const STATEMENT_FILE_MAX_MB = 32;

/** The most lines the queue answers with (statement-matching.ts, listOpenLines): a full page means that many or more. */
export const STATEMENT_QUEUE_MAX = 100;

export const fetchStatementQueue = (signal?: AbortSignal) => api.get<{ items: StatementLineView[] }>('/api/admin/statement-lines', signal).then((r) => r.items);

/** The file's bytes as they are (a camt.053, or a CSV read with `bank`'s saved layout). */
export function importStatement(file: File, bank: string | undefined) {
  const q = new URLSearchParams();
  if (bank) q.set('bank', bank);
  q.set('name', file.name.slice(0, 200));
  return apiRequest<ImportReport>(`/api/admin/statements?${q.toString()}`, { method: 'POST', file });
}

export const saveBankMapping = (bank: string, mapping: CsvMapping) => api.put<{ message: string }>(`/api/admin/bank-mappings/${encodeURIComponent(bank)}`, mapping);

export const assignLine = (id: string, reference: string) => api.post<{ message: string }>(`/api/admin/statement-lines/${id}/assign`, { reference });

export const markLineReturned = (id: string, returnRef: string) => api.post<{ message: string }>(`/api/admin/statement-lines/${id}/returned`, { returnRef });
