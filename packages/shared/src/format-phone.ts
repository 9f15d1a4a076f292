import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.ts';

// One way to show a phone number, in every page (issue 46, item 13): the national format of the
// person's country. What is sent and stored does not change (E.164 for WhatsApp and SMS,
// schemas/phone.ts; the profile's phone as typed, schemas/profile.ts).

/** How each country writes its 10-digit national number (countries.ts' phoneExample is typed either way). */
const NATIONAL: Record<CountryCode, (digits: string) => string> = {
  DO: (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  CO: (d) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  MX: (d) => `${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`,
};

/** The national digits of `digits` in `country`, with or without its dialling code; null when they are not one of its numbers. */
function nationalDigits(digits: string, country: CountryCode, withPrefixOnly: boolean): string | null {
  const { dialCode, phoneDigits } = COUNTRIES[country];
  const dial = dialCode.replace(/\D/g, '');
  if (digits.length === dial.length + phoneDigits && digits.startsWith(dial)) return digits.slice(dial.length);
  return !withPrefixOnly && digits.length === phoneDigits ? digits : null;
}

/**
 * A phone number as the page shows it: "+18095550199", "809-555-0199" → "(809) 555-0199" for a
 * person in the Dominican Republic. A number written with its "+" and another country's code is
 * shown the way that country writes it; one that is no country's number, as it was typed.
 */
export function formatPhone(value: string, country: CountryCode): string {
  const typed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+');
  const candidates = [country, ...COUNTRY_CODES.filter((code) => code !== country)];
  for (const code of international ? candidates : [country]) {
    const national = nationalDigits(digits, code, international);
    if (national) return NATIONAL[code](national);
  }
  return typed;
}

/**
 * The digits a `https://wa.me/<digits>` link takes (dialling code and national number, no "+"),
 * for a number typed in `country` (decision 058); null when it is no country's number.
 */
export function whatsAppNumber(value: string, country: CountryCode): string | null {
  const typed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+');
  const candidates = [country, ...COUNTRY_CODES.filter((code) => code !== country)];
  for (const code of international ? candidates : [country]) {
    const national = nationalDigits(digits, code, international);
    if (national) return `${COUNTRIES[code].dialCode.replace(/\D/g, '')}${national}`;
  }
  return null;
}
