import { CURRENCY_MINOR_DIGITS, type Currency } from './domain.ts';
import { DEFAULT_MONEY_LOCALE, MONEY_LOCALES } from './format-money.ts';

// One way to read an amount a person types (issue 53: one helper, not one per form), in the
// Spanish of the amount's currency (decision 067): '1,500.50' in the Dominican Republic and
// Mexico, '4.000.000' or '4.000.000,50' in Colombia. A single separator followed by one or two
// digits is always the decimals ('1500,5' in Santo Domingo, '4000000.50' in Medellín): nobody
// groups thousands by two. Anything else is not an amount (NaN), for the form's schema to refuse.

const separatorsCache = new Map<Currency, { group: string; decimal: string }>();

/** The thousands and decimal separators of the currency's Spanish, as Intl writes them. */
function separatorsOf(currency: Currency): { group: string; decimal: string } {
  let found = separatorsCache.get(currency);
  if (!found) {
    const parts = new Intl.NumberFormat(MONEY_LOCALES[currency] ?? DEFAULT_MONEY_LOCALE, { useGrouping: true }).formatToParts(12345.6);
    found = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separatorsCache.set(currency, found);
  }
  return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount typed by a person, in the currency's minor units: parseMoneyInput('RD$ 1,500.50', 'DOP')
 * → 150050; parseMoneyInput('4.000.000', 'COP') → 400000000. Undefined when nothing was typed;
 * NaN when it is not an amount; a leading minus is kept (the schema says a price must be positive).
 */
export function parseMoneyInput(text: string, currency: Currency): number | undefined {
  const cleaned = text.replace(/RD\$|US\$|\$|\b(?:DOP|COP|MXN|USD)\b|\s/gi, '');
  if (cleaned === '') return undefined;
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const { group, decimal } = separatorsOf(currency);
  const g = escape(group);
  const d = escape(decimal);
  const frac = `\\d{1,${digits}}`;
  const written = new RegExp(`^(-?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(${frac}))?$`).exec(cleaned);
  // The other separator as decimals: one of them, then one or two digits.
  const other = written ? null : new RegExp(`^(-?)(\\d+)${g}(\\d{1,2})$`).exec(cleaned);
  const match = written ?? other;
  if (!match || (digits === 0 && match[3] !== undefined)) return Number.NaN;
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole!.split(group).join('')) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return sign ? -minor : minor;
}
