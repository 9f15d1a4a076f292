import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidCedula } from '../cedula.ts';
import { confirm, success } from './common.ts';
import { reviews } from './reviews.ts';
import { profile } from './profile.ts';
import { storeForm, siteValidation } from './site-forms.ts';
import { projectsWeb } from './projects.ts';
import { offerForm } from './quotes-web.ts';

// The catalogue's source text, every file of i18n/ (tests aside): what a person can read.
const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(dir + f, 'utf8') }));

describe('the message catalogue', () => {
  it('gives only cédula examples that pass the check digit', () => {
    const examples = sources.flatMap(({ text }) => text.match(/\b\d{3}-\d{7}-\d\b/g) ?? []);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(isValidCedula(example), example).toBe(true);
    for (const hint of [storeForm.cedulaHint, siteValidation.invalidCedula, profile.fields.cedulaHint]) {
      const example = hint.match(/\d{3}-\d{7}-\d/)?.[0];
      expect(example && isValidCedula(example), hint).toBe(true);
    }
  });

  it('speaks tú, never usted, in its prompts', () => {
    const usted = /\b(Seleccione|Ingrese|Escriba|Elija|Introduzca|Indique|Agregue|Adjunte|Busque|Intente|Verifique)\b/;
    const found = sources.flatMap(({ file, text }) => text.split('\n').filter((line) => usted.test(line)).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('names what a deletion removes and what a success did', () => {
    expect(confirm.deleteAccount).toMatch(/cuenta/);
    expect(confirm.deleteProject).toMatch(/proyecto/);
    expect(JSON.stringify(confirm)).not.toMatch(/este registro/);
    expect(success.reviewCreated).toMatch(/reseña/i);
    expect(reviews.created).toMatch(/reseña/i);
    expect(reviews.created).not.toMatch(/Registro realizado/);
  });

  it('calls an offer\'s price the same in the offer form and in the counter-offer', () => {
    expect(offerForm.priceLabel('DOP')).toBe(projectsWeb.offers.counterPriceLabel('DOP'));
  });
});
