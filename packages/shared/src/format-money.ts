import { CURRENCY_MINOR_DIGITS, type Currency } from './domain.ts';

// One way to write an amount, in pages and mails alike (issue 46, item 16): as Intl writes the
// currency in the person's locale, 'RD$12,500.00' in es-DO (no space after the symbol; US$ for
// dollars; a currency Intl writes by its code, 'COP 4,000.00', takes a no-break space). Amounts
// are carried in integer minor units; each currency shows as many decimals as it stores
// (CURRENCY_MINOR_DIGITS), so a receipt's gross, fee and net add up to the cent. The web app
// (apps/web/src/lib/format.ts) and the server's mails and messages both use this.

export const DEFAULT_MONEY_LOCALE = 'es-DO';

// Building an Intl.NumberFormat costs far more than using one (every offer's mail formats a price).
const formats = new Map<string, Intl.NumberFormat>();
function formatFor(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    const digits = CURRENCY_MINOR_DIGITS[currency];
    formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })));
  }
  return format;
}

/** An amount in minor units as people read it: formatMoney(1_250_000, 'DOP') → 'RD$12,500.00'. */
export function formatMoney(amountMinor: number, currency: Currency, locale = DEFAULT_MONEY_LOCALE): string {
  return formatFor(locale, currency).format(amountMinor / 10 ** CURRENCY_MINOR_DIGITS[currency]);
}
