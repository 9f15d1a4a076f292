import { describe, expect, it } from 'vitest';
import { isValidCedula } from '../cedula.ts';
import { confirm, success } from './common.ts';
import { reviewMail, reviews } from './reviews.ts';
import { idDocuments } from './id-documents.ts';
import { storeForm, siteValidation } from './site-forms.ts';
import { projects, projectsWeb } from './projects.ts';
import { offerForm } from './quotes-web.ts';
import * as m0 from './admin-console.ts';
import * as m1 from './admin-ops.ts';
import * as m2 from './auth.ts';
import * as m3 from './chat.ts';
import * as m4 from './common.ts';
import * as m5 from './contact.ts';
import * as m6 from './contractor-contact.ts';
import * as m7 from './country.ts';
import * as m8 from './directory.ts';
import * as m9 from './es.ts';
import * as m10 from './favourites.ts';
import * as m11 from './landing.ts';
import * as m12 from './payments.ts';
import * as m13 from './profile.ts';
import * as m14 from './projects.ts';
import * as m15 from './quotes-web.ts';
import * as m16 from './reviews.ts';
import * as m17 from './shell.ts';
import * as m18 from './site-forms.ts';
import * as m19 from './site-pages.ts';
import * as m20 from './statements.ts';
import * as m21 from './statement-queue.ts';
import * as m22 from './verification.ts';
import * as m23 from './show-up.ts';
import * as m24 from './warranty.ts';
import * as m25 from './voice-notes.ts';
import * as m26 from './whatsapp-media.ts';
import * as m27 from './invitations.ts';
import * as m28 from './id-documents.ts';
import * as m29 from './photos.ts';
import * as m30 from './verification-badges.ts';
import * as m31 from './show-up-record.ts';
import * as m32 from './review-votes.ts';
import * as m33 from './contractor-trust.ts';
import * as m34 from './favourite-heart.ts';
import * as m35 from './contact-button.ts';
import * as m36 from './directory-list.ts';
import * as m37 from './contractor-page.ts';

// Every text of the catalogue, a message function by its source: what a person can read.
function texts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [value.toString()];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((v) => texts(v, seen));
}
const all = texts([
  m0,
  m1,
  m2,
  m3,
  m4,
  m5,
  m6,
  m7,
  m8,
  m9,
  m10,
  m11,
  m12,
  m13,
  m14,
  m15,
  m16,
  m17,
  m18,
  m19,
  m20,
  m21,
  m22,
  m23,
  m24,
  m25,
  m26,
  m27,
  m28,
  m29,
  m30,
  m31,
  m32,
  m33,
  m34,
  m35,
]);

/** The catalogue's plain texts (not the message functions), each with its path. */
function plainTexts(value: unknown, path: string, seen = new Set<unknown>()): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, v]) => plainTexts(v, `${path}.${key}`, seen));
}

/**
 * Words that keep their capital inside a label: names of people, places, brands and products,
 * abbreviations, the keys of a keyboard, and the app's own page names quoted in a sentence.
 */
const PROPER_NOUNS = new Set(
  (
    'ArreglaYa Santo Domingo República Dominicana Colombia México Visa Mastercard American Express WhatsApp Google Facebook Instagram ' +
    'Banco Popular Distrito Nacional Este Norte Oeste Santiago Caballeros Puerto Plata Punta Cana La Romana San Pedro Macorís Vega Cristóbal ' +
    'Apple Android Chrome Edge Firefox Safari iPhone Discover Diners Club Ley Centro Calle Apto Enter Mayús Notificaciones ' +
    'Carolina Méndez José Antonio Reyes Milagros Batista Gran Verificado Destacado Opus Efecty'
  ).split(' '),
);

describe('the message catalogue', () => {
  it('writes its labels in sentence case: a capital only to start a sentence or a name (issue 46)', () => {
    const modules = {
      m0,
      m1,
      m2,
      m3,
      m4,
      m5,
      m6,
      m7,
      m8,
      m9,
      m10,
      m11,
      m12,
      m13,
      m14,
      m15,
      m16,
      m17,
      m18,
      m19,
      m20,
      m21,
      m22,
      m23,
      m24,
      m25,
      m26,
      m27,
      m28,
      m29,
      m30,
      m31,
      m32,
      m33,
      m34,
      m35,
      m36,
      m37,
    };
    const titleCase = plainTexts(modules, 'i18n').filter(([, text]) => {
      const words = text.split(/\s+/);
      return words.some((word, i) => {
        const before = words[i - 1];
        // A sentence's or a quotation's start, a mail subject after "ArreglaYa -", or a list after a bullet.
        if (i === 0 || /[.!?:…»"”]$/.test(before!) || /^[-–—•·|]+$/.test(before!) || /^[«"“¿¡(]/.test(word)) return false;
        const bare = word.replace(/[.,;:!?»"”)…]+$/, '');
        return /^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+$/.test(bare) && !PROPER_NOUNS.has(bare);
      });
    });
    expect(titleCase.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it('gives only cédula examples that pass the check digit', () => {
    const examples = all.flatMap((text) => text.match(/\b\d{3}-\d{7}-\d\b/g) ?? []);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(isValidCedula(example), example).toBe(true);
    for (const hint of [storeForm.cedulaHint, siteValidation.invalidCedula, idDocuments.do_cedula.hint]) {
      const example = hint.match(/\d{3}-\d{7}-\d/)?.[0];
      expect(example && isValidCedula(example), hint).toBe(true);
    }
  });

  it('speaks tú, never usted, in its prompts', () => {
    const usted = /\b(Seleccione|Ingrese|Escriba|Elija|Introduzca|Indique|Agregue|Adjunte|Busque|Intente|Verifique)\b/;
    const found = all.filter((text) => usted.test(text));
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

  it("calls a review a 'reseña', never a 'comentario' (a chat message's word); only the text under the stars is 'Comentarios' (issue 46)", () => {
    const { commentsLabel, ...words } = reviews;
    expect(texts([words, reviewMail, success.reviewCreated, projects.nextActions.review]).filter((text) => /coment/i.test(text))).toEqual([]);
    expect(commentsLabel).toBe('Comentarios');
  });

  it("calls an offer's price the same in the offer form and in the counter-offer", () => {
    expect(offerForm.priceLabel('DOP')).toBe(projectsWeb.offers.counterPriceLabel('DOP'));
  });
});
