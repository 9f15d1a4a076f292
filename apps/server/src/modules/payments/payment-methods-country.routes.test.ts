import { and, eq, like } from 'drizzle-orm';
import type { CountryCode } from '@arreglaya/shared/countries';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dlocalSandboxPayments, paymentMethods, users } from '../../db/schema/index.ts';
import { CARDS, post, tokenizeAtProcessor } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// A card saved on /perfil/formas-pago follows the account's country as a funding follows its
// project's (decision 067): in Colombia and Mexico its verification carries the payer's document
// (the same rule as the form's, payerDocumentProblem), and dLocal verifies it in that country and
// currency. Without a valid document: a Spanish 400 naming it, the processor not asked, nothing
// stored. The card's number and CVC, and the document, are never stored.

type Kind = 'sandbox' | 'dlocal';

/** Every column a saved card has: none for its number, its CVC or a document. */
const CARD_COLUMNS = [
  'brand',
  'country',
  'createdAt',
  'expMonth',
  'expYear',
  'holderName',
  'id',
  'isDefault',
  'last4',
  'postalCode',
  'processor',
  'processorToken',
  'status',
  'userId',
];

const COUNTRY_CASES = [
  { country: 'CO', currency: 'COP', name: 'Colombia', kind: 'co_cc', valid: '1.020.304.050', stored: '1020304050', wrong: 'ABC123' },
  { country: 'MX', currency: 'MXN', name: 'México', kind: 'mx_curp', valid: ' goma850312hdfrrn09 ', stored: 'GOMA850312HDFRRN09', wrong: 'GOMA850312' },
] as const;

describe.each<Kind>(['sandbox', 'dlocal'])('saving a card by country with PROCESSOR=%s', (processor) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROCESSOR: processor });
  });
  afterAll(() => t.close());

  /** A client whose account is of `country`. */
  async function clientOf(country: CountryCode): Promise<Person> {
    const client = await person(t, 'client', 'Valentina');
    await t.db.update(users).set({ country }).where(eq(users.id, client.id));
    return client;
  }

  const save = async (who: Person, body: Record<string, unknown>) => post(t, who, '/api/me/payment-methods', body);
  const cardsOf = (userId: string) => t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
  /** The verifications dLocal's stand-in was asked for (none with the card sandbox). */
  const verifications = () => t.db.select().from(dlocalSandboxPayments).where(like(dlocalSandboxPayments.orderId, 'verify_%'));

  it.each(COUNTRY_CASES)("in $name asks the payer's document: without a valid one a 400 naming it and nothing stored; with it the card is saved", async (c) => {
    const client = await clientOf(c.country);
    const { token } = await tokenizeAtProcessor(t, CARDS.visa);
    const before = (await verifications()).length;

    const none = await save(client, { token });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.fields).toEqual({ payerDocument: tp.fund.payerDocumentRequired(idDocuments[c.kind].short, c.name) });
    const wrong = await save(client, { token, payerDocument: c.wrong });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ payerDocument: idDocuments[c.kind].invalid });
    expect(await cardsOf(client.id)).toEqual([]);
    // Refused before the processor was asked.
    expect((await verifications()).length).toBe(before);

    const saved = await save(client, { token, payerDocument: c.valid });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().method).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    if (processor === 'dlocal') {
      // Verified in the account's country and currency, with the document (the stand-in refuses a CO or MX card without one).
      const [verification] = await t.db
        .select()
        .from(dlocalSandboxPayments)
        .where(and(eq(dlocalSandboxPayments.orderId, `verify_${saved.json().method.id}`)));
      expect(verification).toMatchObject({ country: c.country, currency: c.currency, amountMinor: 0 });
    }
    // What is kept: the token and what the person recognises the card by; never its number, its CVC or the document.
    const [row] = await cardsOf(client.id);
    expect(Object.keys(row!).sort()).toEqual(CARD_COLUMNS);
    const kept = JSON.stringify(row);
    for (const secret of [CARDS.visa.replace(/\s/g, ''), c.stored]) expect(kept).not.toContain(secret);
  });

  it('a Dominican account saves a card as before, without a document', async () => {
    const client = await clientOf('DO');
    const { token } = await tokenizeAtProcessor(t, CARDS.mastercard);
    const saved = await save(client, { token });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().method).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });
});
