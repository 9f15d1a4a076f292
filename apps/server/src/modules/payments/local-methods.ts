import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import { DEFAULT_CASH_METHOD, LOCAL_METHODS, payerDocumentProblem, type LocalMethod, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { AppError } from '../../lib/app-error.ts';

// Payment methods per country (issue 51 item 6, decision 067): which ways of paying a project's
// country has. Cards everywhere; ArreglaYa's own bank account (the `transfer` rail, matched from a
// Dominican statement) only in the Dominican Republic; the `cash` rail is any of the country's
// local methods through dLocal (a voucher, PSE's bank site, a SPEI CLABE), the country's cash
// voucher when none is named. A method of another country is a 400 naming the field.

/** The local method a cash or transfer funding of a project in `country` uses (null for a transfer), or a 400. */
export function localMethodFor(country: CountryCode, rail: 'cash' | 'transfer', method: LocalMethodId | undefined): LocalMethod | null {
  const name = COUNTRIES[country].name;
  if (rail === 'transfer') {
    if (country !== 'DO') {
      const message = tp.fund.methodNotOfCountry(name);
      throw new AppError('VALIDATION', message, { rail: message });
    }
    return null;
  }
  const chosen = LOCAL_METHODS[method ?? DEFAULT_CASH_METHOD[country]];
  if (chosen.country !== country) {
    const message = tp.fund.methodNotOfCountry(name);
    throw new AppError('VALIDATION', message, { method: message });
  }
  return chosen;
}

/** The payer's document of a card's or a local method's payment in Colombia and Mexico (the form's rule, payerDocumentProblem): a 400 naming `payerDocument` when missing or invalid. */
export function checkPayerDocument(country: CountryCode, rail: 'card' | 'cash' | 'transfer', input: string | undefined): void {
  const message = payerDocumentProblem(country, rail, input);
  if (message) throw new AppError('VALIDATION', message, { payerDocument: message });
}

/** What the client is told when the payment is opened: a voucher to pay, a CLABE to transfer to, or their bank's site. */
export function openedMessage(method: LocalMethodId | null): string {
  if (method === 'pse') return tp.fund.redirectOpened;
  if (method === 'spei') return tp.fund.speiOpened;
  return tp.fund.voucherOpened;
}
