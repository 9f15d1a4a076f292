// One way to choose a word's singular or plural, for the message catalogue (i18n/*.ts): Spanish's
// plural rules as Intl knows them ('1 reseña', '0 reseñas', '2 reseñas', '1,5 reseñas').

// Made on first use: building Intl data at import would cost a phone's first page (apps/web/src/lib/format.ts).
let rules: Intl.PluralRules | undefined;

/** `one` when Spanish says this count in the singular, otherwise `other`: plural(1, 'reseña', 'reseñas') → 'reseña'. */
export function plural(count: number, one: string, other: string): string {
  rules ??= new Intl.PluralRules('es');
  return rules.select(count) === 'one' ? one : other;
}
