import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification as tv } from '@arreglaya/shared/i18n/verification';
import { contractorProfiles, contractorVerifications, verificationDocuments } from '../../db/schema/index.ts';
import { contractorProfileForm, dayFromToday, person, type Person } from '../../../test/support/project-factories.ts';
import { sysadmin } from '../../../test/support/payment-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { importRncRegistry, openRegistryFile } from './rnc-import.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
let t: TestApp;
let admin: Person;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await sysadmin(t);
  await importRncRegistry(t.pool, await openRegistryFile(path.join(fixtures, 'DGII_RNC-sample.TXT')));
  jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

/** A small PDF whose startxref points at its xref table. */
function pdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
  const xrefAt = Buffer.byteLength(body);
  return Buffer.from(`${body}xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1');
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----arreglaya${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const criminal = (issuedOn = dayFromToday(-10)) => ({ kind: 'criminal_record', issuedOn });
const upload = (
  who: Person | null,
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null = { name: 'cert.jpg', type: 'image/jpeg', data: jpeg },
) => {
  const body = multipart(fields, file ?? undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/verifications/documents',
    headers: { ...(who ? who.headers : { 'x-requested-with': 'arreglaya' }), ...body.headers },
    payload: body.payload,
  });
};
const identity = (who: Person, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/me/verifications/identity', headers: who.headers, payload: payload as object });
const mine = async (who: Person) => (await t.app.inject({ method: 'GET', url: '/api/me/verifications', headers: who.headers })).json();
const badges = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/contractors/${id}/verifications` })).json();
const queue = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/verifications', headers: admin.headers })).json().items as {
    id: string;
    personId: string;
    kind: string;
    details: Record<string, unknown>;
  }[];
const decideAs = (who: Person, id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/admin/verifications/${id}/decision`, headers: who.headers, payload: payload as object });
const rows = (userId: string) => t.db.select().from(contractorVerifications).where(eq(contractorVerifications.userId, userId));

async function contractorWithCedula(cedula: string, where: Record<string, string> = {}): Promise<Person> {
  const c = await person(t, 'contractor', 'Ramón');
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/profile/contractor',
    headers: c.headers,
    payload: contractorProfileForm({ cedula, ...where }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('the cédula check (issue 49 defect)', () => {
  it('saves a profile with 001-0000016-9, a cédula the JCE issued whose check digit does not verify, and verifies it', async () => {
    const c = await contractorWithCedula('001-0000016-9');
    expect((await identity(c, { kind: 'cedula' })).statusCode).toBe(201);
    const [pending] = (await queue()).filter((q) => q.personId === c.id);
    expect(pending).toMatchObject({ kind: 'cedula', details: { checkDigit: 'exception', cedulaLast4: '0169' } });
  });
});

describe('the identity badges of a Mexican contractor (decision 065)', () => {
  it('checks his CURP for the identity badge, and takes an RFC (not an RNC) for the tax-ID badge, for the team to check', async () => {
    const c = await contractorWithCedula('GOMA850312HDFRRN09', { country: 'MX', city: 'guadalajara', phone: '33 1234 5678' });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/verifications', headers: c.headers })).json()).toMatchObject({ hasCedula: true, country: 'MX' });
    expect((await identity(c, { kind: 'cedula' })).statusCode).toBe(201);
    const rnc = await identity(c, { kind: 'rnc', rnc: '1-01-00001-5' });
    expect(rnc.statusCode).toBe(400);
    expect(rnc.json().error.fields).toEqual({ rnc: idDocuments.mx_rfc.invalid });
    expect((await identity(c, { kind: 'rnc', rnc: 'GODE 561231 GR8' })).statusCode).toBe(201);
    const mine = (await queue()).filter((q) => q.personId === c.id);
    expect(mine.map((q) => [q.kind, q.details])).toEqual(
      expect.arrayContaining([
        ['cedula', { checkDigit: 'valid', cedulaLast4: 'RN09' }],
        ['rnc', { rnc: 'GODE561231GR8' }],
      ]),
    );
  });
});

describe('badges only from a sysadmin’s decision', () => {
  it('shows a criminal-record badge with its dates only after approval, then deletes the document', async () => {
    const c = await person(t, 'contractor', 'Lucía');
    const issuedOn = dayFromToday(-10);
    const res = await upload(c, criminal(issuedOn));
    expect(res.statusCode, res.body).toBe(201);
    // Pending: nothing public yet.
    expect(await badges(c.id)).toEqual({ verified: false, badges: [] });
    const [item] = (await queue()).filter((q) => q.personId === c.id);
    const doc = await t.app.inject({ method: 'GET', url: `/api/admin/verifications/${item!.id}/document`, headers: admin.headers });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/jpeg');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    expect(doc.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(doc.rawPayload, jpeg)).toBe(0);

    const ok = await decideAs(admin, item!.id, { decision: 'approved' });
    expect(ok.statusCode, ok.body).toBe(200);
    const expiresOn = `${Number(issuedOn.slice(0, 4)) + 1}${issuedOn.slice(4)}`;
    expect(await badges(c.id)).toMatchObject({ verified: false, badges: [{ kind: 'criminal_record', issuedOn, expiresOn }] });
    // The document is gone; the decision, its date and what was checked remain.
    expect(await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.verificationId, item!.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/verifications/${item!.id}/document`, headers: admin.headers })).statusCode).toBe(404);
    const [row] = await rows(c.id);
    expect(row).toMatchObject({ status: 'approved', decidedBy: admin.id, details: { issuedOn, documentType: 'image/jpeg' } });
    expect(row!.decidedAt).not.toBeNull();
    // A second decision is refused.
    expect((await decideAs(admin, item!.id, { decision: 'rejected', note: 'No' })).statusCode).toBe(409);
  });

  it('an expired badge disappears by itself', async () => {
    const c = await person(t, 'contractor', 'Pedro');
    await t.db
      .insert(contractorVerifications)
      .values({ userId: c.id, kind: 'criminal_record', status: 'approved', details: { issuedOn: dayFromToday(-400) }, decidedAt: new Date(), expiresOn: dayFromToday(-35) });
    expect(await badges(c.id)).toEqual({ verified: false, badges: [] });
    expect((await mine(c)).items[0]).toMatchObject({ status: 'approved', expired: true });
  });

  it('makes a contractor Verificado on an approved RNC (active in the registry, its name shown), in the directory too', async () => {
    const c = await person(t, 'contractor', 'Rosa');
    const res = await identity(c, { kind: 'rnc', rnc: '1-01-00001-5' });
    expect(res.statusCode, res.body).toBe(201);
    const [item] = (await queue()).filter((q) => q.personId === c.id);
    expect((await badges(c.id)).verified).toBe(false);
    expect((await decideAs(admin, item!.id, { decision: 'approved' })).statusCode).toBe(200);
    expect(await badges(c.id)).toMatchObject({ verified: true, badges: [{ kind: 'rnc', registeredName: 'CONSTRUCCIONES PEÑA & ASOCIADOS SRL' }] });
    const [profile] = await t.db.select({ verifiedAt: contractorProfiles.verifiedAt }).from(contractorProfiles).where(eq(contractorProfiles.userId, c.id));
    expect(profile!.verifiedAt).not.toBeNull();
  });

  it('a rejection keeps the note, deletes the document, and leaves earlier approved badges untouched', async () => {
    const c = await person(t, 'contractor', 'Ana');
    await upload(c, criminal());
    const [first] = (await queue()).filter((q) => q.personId === c.id);
    await decideAs(admin, first!.id, { decision: 'approved' });
    const before = await badges(c.id);
    expect((await upload(c, criminal(dayFromToday(-2)))).statusCode).toBe(201);
    expect(await badges(c.id)).toEqual(before);
    const [second] = (await queue()).filter((q) => q.personId === c.id);
    expect((await decideAs(admin, second!.id, { decision: 'rejected' })).json().error.fields.note).toBe(tv.errors.noteRequired);
    expect((await decideAs(admin, second!.id, { decision: 'rejected', note: 'La foto no se lee.' })).statusCode).toBe(200);
    expect(await badges(c.id)).toEqual(before);
    expect((await mine(c)).items[0]).toMatchObject({ status: 'rejected', note: 'La foto no se lee.' });
    expect(await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.verificationId, second!.id))).toEqual([]);
  });
});

describe('bad input: a Spanish 4xx naming what is wrong, nothing written, earlier badges untouched', () => {
  it('refuses each bad document or date', async () => {
    const c = await person(t, 'contractor', 'Julio');
    await upload(c, criminal());
    const [approved] = (await queue()).filter((q) => q.personId === c.id);
    await decideAs(admin, approved!.id, { decision: 'approved' });
    const before = await badges(c.id);
    const cases: [Record<string, string>, { name: string; type: string; data: Buffer } | null | undefined, number, string][] = [
      [criminal(), { name: 'cert.txt', type: 'text/plain', data: Buffer.from('hola, soy un texto') }, 415, tv.errors.fileType],
      [criminal(), { name: 'cert.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 roto') }, 415, tv.errors.fileUnreadable],
      [criminal(), { name: 'cert.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 200) }, 415, tv.errors.fileUnreadable],
      [criminal(), { name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([pdf(), Buffer.alloc(8 * 1024 * 1024)]) }, 413, tv.errors.fileTooLarge],
      [criminal(dayFromToday(3)), undefined, 400, tv.errors.issuedInFuture],
      [criminal(dayFromToday(-91)), undefined, 400, tv.errors.criminalRecordTooOld],
      [criminal('ayer'), undefined, 400, tv.errors.invalidDate],
      [criminal(), null, 400, tv.errors.fileMissing],
      [{ kind: 'trade_certificate', issuedOn: dayFromToday(-400), issuer: 'INFOTEP', title: '' }, undefined, 400, 'Campo obligatorio.'],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(c, fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect((await rows(c.id)).length).toBe(1);
    expect(await badges(c.id)).toEqual(before);
    // A PDF that parses is accepted.
    expect((await upload(c, criminal(), { name: 'cert.pdf', type: 'application/pdf', data: pdf() })).statusCode).toBe(201);
  });

  it('refuses an RNC the registry does not know, and an inactive one, with 422 naming it', async () => {
    const c = await person(t, 'contractor', 'Luis');
    const unknown = await identity(c, { kind: 'rnc', rnc: '101000041' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(tv.errors.rncUnknown('101000041'));
    const inactive = await identity(c, { kind: 'rnc', rnc: '101000023' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().error.message).toBe(tv.errors.rncInactive('101000023', 'SUSPENDIDO'));
    expect((await identity(c, { kind: 'rnc', rnc: '101000016' })).statusCode).toBe(400);
    expect((await identity(c, { kind: 'cedula' })).statusCode).toBe(422);
    expect(await rows(c.id)).toEqual([]);
  });

  it('stores one pending request of 20 sent at once', async () => {
    const c = await person(t, 'contractor', 'Marta');
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(c, criminal())));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await rows(c.id)).filter((r) => r.status === 'pending')).toHaveLength(1);
    const docs = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM contractor_verification_documents d JOIN contractor_verifications v ON v.id = d.verification_id WHERE v.user_id = ${c.id}`,
    );
    expect(docs.rows[0]).toEqual({ n: 1 });
  });
});

describe('who may see and decide', () => {
  it('serves the document only to a sysadmin: not to its own contractor, a client or a visitor', async () => {
    const c = await person(t, 'contractor', 'Sofía');
    const client = await person(t, 'client');
    await upload(c, criminal());
    const [item] = (await queue()).filter((q) => q.personId === c.id);
    const url = `/api/admin/verifications/${item!.id}/document`;
    for (const headers of [c.headers, client.headers]) expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    expect([401, 403, 404]).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/verifications', headers: c.headers })).statusCode).toBe(403);
    expect((await decideAs(c, item!.id, { decision: 'approved' })).statusCode).toBe(403);
    expect((await upload(client, criminal())).statusCode).toBe(403);
    expect((await upload(null, criminal())).statusCode).toBe(401);
    expect((await badges(c.id)).badges).toEqual([]);
  });
});

describe('deleting the account', () => {
  it('takes the person’s requests, badges and any document waiting with it', async () => {
    const c = await person(t, 'contractor', 'Elena');
    await upload(c, criminal());
    const [item] = (await queue()).filter((q) => q.personId === c.id);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: c.headers, payload: { password: c.password } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rows(c.id)).toEqual([]);
    expect(await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.verificationId, item!.id))).toEqual([]);
    expect((await queue()).filter((q) => q.personId === c.id)).toEqual([]);
  });
});
