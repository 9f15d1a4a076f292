import type { CsvMapping } from '@arreglaya/shared/schemas/bank-statements';
import type { z } from 'zod';
import type { BankMappingView, ImportReportSchema, MoneyAlertView, RecordReturn, StatementLineView, TransferReturnView } from '@arreglaya/shared/schemas/statements';
import { api, apiRequest } from '@/lib/api.ts';

// The console's bank page (/admin/banco, issue 47): the statement import, a bank's CSV layout and
// the queue of lines to assign or return. Sysadmins only; the writes carry the app's CSRF header
// like every apiRequest.

export type ImportReport = z.infer<typeof ImportReportSchema>;

export const adminBankKeys = {
  /** The queue: the bank page and the overview's count read it. */
  queue: ['admin', 'bank', 'queue'] as const,
  /** What ArreglaYa owes back by transfer. */
  returns: ['admin', 'bank', 'returns'] as const,
  alerts: ['admin', 'bank', 'alerts'] as const,
  mappings: ['admin', 'bank', 'mappings'] as const,
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

export const markLineReturned = (id: string, r: RecordReturn) => api.post<{ message: string }>(`/api/admin/statement-lines/${id}/returned`, r);

export const fetchTransferReturns = (signal?: AbortSignal) => api.get<{ items: TransferReturnView[] }>('/api/admin/transfer-returns', signal).then((r) => r.items);

/** Records a debt's return: a refund's, or a statement line's money. */
export const recordReturn = (item: Pick<TransferReturnView, 'kind' | 'id'>, r: RecordReturn) =>
  item.kind === 'refund' ? api.post<{ message: string }>(`/api/admin/transfer-refunds/${item.id}/returned`, r) : markLineReturned(item.id, r);

export const fetchMoneyAlerts = (signal?: AbortSignal) => api.get<{ items: MoneyAlertView[] }>('/api/admin/money-alerts', signal).then((r) => r.items);

export const reviewAlert = (id: string, note: string) => api.post<{ message: string }>(`/api/admin/money-alerts/${id}/reviewed`, { note });

export const fetchBankMappings = (signal?: AbortSignal) => api.get<{ items: BankMappingView[] }>('/api/admin/bank-mappings', signal).then((r) => r.items);
