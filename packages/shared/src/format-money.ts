import { CURRENCY_MINOR_DIGITS, type Currency } from './domain.ts';

// One way to write an amount, in pages and mails alike (issue 46, item 16): as Intl writes the
// currency in its country's Spanish (issue 51, decision 067): 'RD$12,500.00' in es-DO (no space
// after the symbol; US$ for dollars), '$ 4.000.000' in es-CO (Colombians write whole pesos, with
// dots between thousands; an amount with centavos shows them), '$4,000.00' in es-MX. Amounts are
// carried in integer minor units; each currency shows the decimals it stores (CURRENCY_MINOR_DIGITS),
// so a receipt's gross, fee and net add up to the cent. The web app (apps/web/src/lib/format.ts)
// and the server's mails and messages both use this.

export const DEFAULT_MONEY_LOCALE = 'es-DO';

/** The Spanish each currency is written in: its country's (countries.ts); dollars as in the Dominican Republic. */
export const MONEY_LOCALES: Record<Currency, string> = { DOP: 'es-DO', USD: 'es-DO', COP: 'es-CO', MXN: 'es-MX' };

/** Currencies people write in whole units (no centavos unless there are some). */
const WHOLE_UNITS: ReadonlySet<Currency> = new Set(['COP']);

// Building an Intl.NumberFormat costs far more than using one (every offer's mail formats a price).
const formats = new Map<string, Intl.NumberFormat>();
function formatFor(locale: string, currency: Currency, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return format;
}

/** An amount in minor units as people read it: formatMoney(1_250_000, 'DOP') → 'RD$12,500.00'; formatMoney(400_000_000, 'COP') → '$ 4.000.000'. */
export function formatMoney(amountMinor: number, currency: Currency, locale = MONEY_LOCALES[currency] ?? DEFAULT_MONEY_LOCALE): string {
  const stored = CURRENCY_MINOR_DIGITS[currency];
  const digits = WHOLE_UNITS.has(currency) && amountMinor % 10 ** stored === 0 ? 0 : stored;
  return formatFor(locale, currency, digits).format(amountMinor / 10 ** stored);
}
