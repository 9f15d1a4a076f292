import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { usePageTitle } from '@/lib/page-title.ts';
import { ImportSection } from './import-section.tsx';
import { MappingForm } from './mapping-form.tsx';
import { MoneyAlerts } from './money-alerts.tsx';
import { StatementQueue, type ConfirmComponent } from './statement-queue.tsx';
import { TransferReturns } from './transfer-returns.tsx';

/**
 * /admin/banco, "Banco: extractos y transferencias" (issue 47): import the account's statement,
 * the queue of credits to assign or give back, the money owed back by transfer, the money alerts,
 * and a bank's CSV layout. Sysadmins only (router).
 * `Confirm` is the app's confirmation dialog, handed in by the route (features do not import each other).
 */
export function BankPage({ Confirm }: { Confirm: ConfirmComponent }) {
  usePageTitle(t.title);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold break-words text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <ImportSection />
      <StatementQueue Confirm={Confirm} />
      <TransferReturns Confirm={Confirm} />
      <MoneyAlerts Confirm={Confirm} />
      <MappingForm />
    </div>
  );
}
