import { useSyncExternalStore } from 'react';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, type Country, type CountryCode } from '@arreglaya/shared/countries';

// The visitor's country (footer picker), remembered in localStorage. A store rather than a
// context: the footer and any form can read it without a provider in the root layout.
const STORAGE_KEY = 'arreglaya.country';
const listeners = new Set<() => void>();

function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

// Used when storage is blocked (private mode, cookies off): the choice lasts for this page view.
let memory: CountryCode = DEFAULT_COUNTRY;

function readCode(): CountryCode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isCountryCode(stored) ? stored : memory;
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setCountry(code: CountryCode): void {
  memory = code;
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered across visits; `memory` still applies it now.
  }
  for (const listener of listeners) listener();
}

/** The chosen country's config (currency, locale, cities, phone example) and a setter. */
export function useCountry(): Country & { setCountry: (code: CountryCode) => void } {
  // The server-side snapshot (prerendering) is the default country.
  const code = useSyncExternalStore(subscribe, readCode, () => DEFAULT_COUNTRY);
  return { ...COUNTRIES[code], setCountry };
}
