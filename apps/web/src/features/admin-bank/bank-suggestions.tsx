import { useQuery } from '@tanstack/react-query';
import { bankConsole as t, KNOWN_BANK_KEYS } from '@arreglaya/shared/i18n/statement-queue';
import { adminBankKeys, fetchBankMappings } from './api.ts';

/**
 * The banks whose keys the console suggests (a `list` for a bank field): the import's and the layout
 * form's. The banks with a saved layout first (their name as saved), then the known ones not saved yet.
 */
export function BankSuggestions({ id }: { id: string }) {
  const saved = useQuery({ queryKey: adminBankKeys.mappings, queryFn: ({ signal }) => fetchBankMappings(signal) }).data ?? [];
  const savedKeys = new Set(saved.map((m) => m.bank));
  return (
    <datalist id={id}>
      {saved.map((m) => (
        <option key={m.bank} value={m.bank}>
          {m.mapping.bankName ?? m.bank}
        </option>
      ))}
      {KNOWN_BANK_KEYS.filter((key) => !savedKeys.has(key)).map((key) => (
        <option key={key} value={key}>
          {t.knownBanks[key]}
        </option>
      ))}
    </datalist>
  );
}
