import { bankConsole as t, KNOWN_BANK_KEYS } from '@arreglaya/shared/i18n/statement-queue';

/** The banks whose keys the console suggests (a `list` for a bank field): the import's and the layout form's. */
export function BankSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {KNOWN_BANK_KEYS.map((key) => (
        <option key={key} value={key}>
          {t.knownBanks[key]}
        </option>
      ))}
    </datalist>
  );
}
