import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCedula } from '@arreglaya/shared/cedula';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { DEFAULT_HIRE_PAYMENT_HOURS, DELIVERY_REVIEW_DAYS, PROJECT_STATUSES } from '@arreglaya/shared/lifecycles';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { LISTED } from '../db/contractor-listing.ts';
import { DiskPhotoStorage, photoKey, photoSizeKey, PHOTO_SIZES, type PhotoStorage } from '../modules/media/photo-storage.ts';
import { planActivity } from './plan-projects.ts';
import { planPeople } from './plan-people.ts';
import { DEMO_SEED, mulberry32, Rng } from './random.ts';
import { DEMO_SIZE, seedDemoData } from './seed-demo.ts';
import { createDataCipher } from '../lib/data-encryption.ts';
import { checkLedger } from '../modules/payments/ledger-check.ts';
import { contractorProfiles, users } from '../db/schema/index.ts';

const NOW = new Date('2026-03-15T15:00:00Z');

const cipher = createDataCipher(crypto.randomBytes(32));

describe('seedDemoData', () => {
  let t: TestDatabase;
  let dir: string;
  let storage: DiskPhotoStorage;
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await t.db.execute(query)).rows as T[];
  }
  async function count(table: string): Promise<number> {
    const [row] = await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return row?.n ?? -1;
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-seed-'));
    storage = new DiskPhotoStorage(dir);
  });
  afterAll(async () => {
    await t?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves nothing behind when storage fails half-way (one transaction)', async () => {
    let puts = 0;
    const failing: PhotoStorage = {
      put: async (key, data, type) => {
        if (++puts > 20) throw new Error('disk full');
        await storage.put(key, data, type);
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
    };
    await expect(seedDemoData(t.db, failing, { log, now: NOW, seal: cipher.seal })).rejects.toThrow('disk full');
    for (const table of ['users', 'contractor_profiles', 'projects', 'quotes', 'reviews', 'photos']) expect(await count(table)).toBe(0);
  });

  it('seeds an empty database and logs a summary', async () => {
    const result = await seedDemoData(t.db, storage, { log, now: NOW, seal: cipher.seal });
    expect(result.seeded).toBe(true);
    // 49 Dominican contractors and 30 clients, and 4 contractors and 2 clients abroad (decision 066).
    expect(logs.at(-1)).toMatch(/^Demo data loaded in .*53 contractors, 32 clients/);
    expect(result.counts).toMatchObject({ contractors: await count('contractor_profiles'), clients: await count('client_profiles'), projects: await count('projects') });
  });

  it('has at least 45 contractors covering every service at least 3 times, across the cities', async () => {
    expect(await count("users WHERE role = 'contractor'")).toBeGreaterThanOrEqual(45);
    const perService = await rows<{ s: string; n: number }>(sql`SELECT s, count(*)::int AS n FROM contractor_profiles, unnest(service_types) s GROUP BY s`);
    expect(perService.map((r) => r.s).sort()).toEqual([...SERVICE_TYPES].sort());
    for (const r of perService) expect(r.n, r.s).toBeGreaterThanOrEqual(3);

    const cities = await rows<{ city: string; zone: string | null; country: 'DO' | 'CO' | 'MX' }>(sql`SELECT DISTINCT city, zone, country FROM contractor_profiles`);
    for (const c of cities)
      expect(
        COUNTRIES[c.country].cities.some((k) => k.key === c.city),
        c.city,
      ).toBe(true);
    // A few in Medellín and Mexico City (decision 066), each with a base in its city.
    expect(
      cities
        .filter((c) => c.country !== 'DO')
        .map((c) => c.city)
        .sort(),
    ).toEqual(['ciudad-de-mexico', 'medellin']);
    expect(await count("contractor_profiles WHERE country <> 'DO' AND (base_sector IS NULL OR lat IS NULL)")).toBe(0);
    expect(await count("projects WHERE (country = 'CO' AND currency <> 'COP') OR (country = 'MX' AND currency <> 'MXN') OR (country = 'DO' AND currency <> 'DOP')")).toBe(0);
    expect(await count("projects WHERE country IN ('CO', 'MX') AND status = 'created' AND sector IS NOT NULL")).toBe(2);
    expect(new Set(cities.filter((c) => c.city === 'santo-domingo').map((c) => c.zone))).toEqual(new Set(['SD', 'SDE', 'SDO', 'SDN', 'DN']));
    expect(new Set(cities.map((c) => c.city)).size).toBeGreaterThanOrEqual(6);
  });

  it('lists every demo contractor in the directory (confirmed e-mail, a name, a service and a city)', async () => {
    const [row] = await rows<{ listed: number; all: number }>(
      sql`SELECT count(*) FILTER (WHERE ${LISTED})::int AS listed, count(*)::int AS "all" FROM ${contractorProfiles} JOIN ${users} ON ${users.id} = ${contractorProfiles.userId}`,
    );
    expect(row!.all).toBeGreaterThanOrEqual(45);
    expect(row!.listed).toBe(row!.all);
  });

  it('gives contractors valid cédulas, demo e-mails, Dominican phones and a few new faces', async () => {
    const list = await rows<{
      cedula: string | null;
      cedula_enc: Buffer;
      email: string;
      phone: string;
      created_at: string;
      verified: boolean;
      featured: boolean;
      country: string;
    }>(sql`
      SELECT cp.cedula, cp.cedula_enc, u.email, u.phone, u.created_at, cp.verified_at IS NOT NULL AS verified, cp.featured, cp.country
        FROM contractor_profiles cp JOIN users u ON u.id = cp.user_id`);
    for (const c of list) {
      // Sealed at rest, never in the clear; opened, the check digit verifies.
      expect(c.cedula).toBeNull();
      const id = cipher.open(c.cedula_enc);
      expect(c.email).toMatch(/^[a-z0-9.]+@demo\.arreglaya\.do$/);
      if (c.country === 'DO') {
        expect(isValidCedula(id), id).toBe(true);
        expect(c.phone).toMatch(/^(809|829|849)-\d{3}-\d{4}$/);
      } else if (c.country === 'CO') {
        // A cédula de ciudadanía (6 to 10 digits) and a Colombian mobile.
        expect(id).toMatch(/^\d{6,10}$/);
        expect(c.phone).toMatch(/^\+57 3\d{2} \d{3} \d{4}$/);
      } else {
        // A CURP with its check digit, and a Mexico City number.
        expect(id).toMatch(/^[A-Z]{4}\d{6}[HM][A-Z]{5}[0-9A-Z]\d$/);
        expect(curpCheckDigit(id.slice(0, 17))).toBe(id.slice(17));
        expect(c.phone).toMatch(/^\+52 55 \d{4} \d{4}$/);
      }
    }
    expect(await count(`users WHERE email NOT LIKE '%@demo.arreglaya.do'`)).toBe(0);
    expect(await count('users WHERE NOT email_verified')).toBe(0);
    const recent = list.filter((c) => NOW.getTime() - new Date(c.created_at).getTime() < 30 * 86_400_000);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(list.some((c) => c.verified)).toBe(true);
    expect(list.some((c) => c.featured)).toBe(true);
    expect(await count('notification_preferences')).toBe(await count('users'));
  });

  it('has open projects with quotes and completed projects with an accepted quote', async () => {
    expect(await count("projects WHERE status = 'created'")).toBeGreaterThanOrEqual(40);
    expect(await count("projects WHERE status = 'completado'")).toBeGreaterThanOrEqual(60);
    expect(await count("projects WHERE status IN ('assigned', 'in_progress')")).toBeGreaterThan(0);
    // A living marketplace: projects in every state, counter-offers and staged plans on open offers.
    for (const status of PROJECT_STATUSES) expect(await count(`projects WHERE status = '${status}'`), status).toBeGreaterThan(0);
    expect(await count("quotes WHERE counter_status = 'pending'")).toBeGreaterThan(0);
    expect(await count("quotes WHERE counter_status = 'accepted' AND agreed_price_minor = counter_price_minor")).toBeGreaterThan(0);
    expect(await count('quotes WHERE stages IS NOT NULL')).toBeGreaterThan(0);
    expect(await count("projects WHERE status IN ('delivered', 'disputed') AND (delivered_at IS NULL OR started_at IS NULL)")).toBe(0);
    // Steady at seed time: delivered work is inside the client's review window, so the server's
    // first auto-approval sweep finds none of it due (the demo keeps work waiting for approval).
    expect(await count(`projects WHERE status = 'delivered' AND delivered_at < '2026-03-15T15:00:00Z'::timestamptz - interval '${DELIVERY_REVIEW_DAYS} days'`)).toBe(0);
    expect(await count("projects WHERE status = 'delivered' AND (delivered_at < started_at OR started_at < created_at)")).toBe(0);
    expect(await count("projects WHERE status = 'created' AND (contractor_id IS NOT NULL OR start_date <= '2026-03-15')")).toBe(0);
    expect(await count("quotes q JOIN projects p ON p.id = q.project_id WHERE p.status = 'created' AND q.status <> 'created'")).toBe(0);
    expect(await count("quotes WHERE price_minor < 150000 OR price_minor > 25000000 OR currency <> 'DOP'")).toBe(0);
    // Every hired project points at its contractor's accepted, confirmed quote.
    expect(
      await count(`projects p LEFT JOIN quotes q ON q.id = p.accepted_quote_id
        WHERE p.status IN ('completado', 'assigned', 'in_progress')
          AND (q.id IS NULL OR q.status <> 'accepted' OR q.contractor_id <> p.contractor_id OR q.agreed_price_minor <> q.price_minor
               OR NOT q.client_confirmation OR q.confirmation_date IS NULL)`),
    ).toBe(0);
    expect(await count("projects WHERE status = 'completado' AND completed_at IS NULL")).toBe(0);
    expect(await count("quotes WHERE status = 'rejected'")).toBeGreaterThan(0);
  });

  it("keeps every contractor's aggregates equal to the approved reviews, projects and favourites", async () => {
    expect(await count("reviews WHERE status = 'approved' AND direction = 'client_to_contractor'")).toBeGreaterThan(60);
    expect(await count("reviews WHERE status = 'pending'")).toBeGreaterThan(0);
    expect(await count("reviews WHERE direction = 'contractor_to_client'")).toBeGreaterThan(0);
    expect(await count('reviews WHERE reply IS NOT NULL')).toBeGreaterThan(0);
    const mismatches = await rows<Record<string, unknown>>(sql`
      SELECT cp.user_id, cp.rating_avg, cp.rating_count, r.avg, r.n
        FROM contractor_profiles cp
        LEFT JOIN (SELECT subject_id, avg(rating) AS avg, count(*)::int AS n FROM reviews
                    WHERE status = 'approved' AND direction = 'client_to_contractor' GROUP BY subject_id) r ON r.subject_id = cp.user_id
       WHERE cp.rating_count <> coalesce(r.n, 0) OR abs(cp.rating_avg - coalesce(r.avg, 0)) > 0.001
          OR cp.completed_projects <> (SELECT count(*) FROM projects p WHERE p.contractor_id = cp.user_id AND p.status = 'completado')
          OR cp.favourites_count <> (SELECT count(*) FROM favourites f WHERE f.contractor_id = cp.user_id)`);
    expect(mismatches).toEqual([]);
    expect(await count('contractor_profiles WHERE rating_count = 0')).toBeGreaterThanOrEqual(3);
    expect(await count('favourites')).toBeGreaterThan(0);
  });

  it('stores a readable JPEG avatar for every contractor at each size', async () => {
    expect(await count('contractor_profiles cp JOIN users u ON u.id = cp.user_id WHERE u.avatar_photo_id IS NULL')).toBe(0);
    const avatars = await rows<{ id: string; storage_key: string; width: number; height: number; bytes: number }>(sql`
      SELECT p.id, p.storage_key, p.width, p.height, p.bytes FROM photos p JOIN users u ON u.avatar_photo_id = p.id`);
    expect(avatars.length).toBeGreaterThanOrEqual(45 + 10);
    for (const a of avatars) {
      expect(a.storage_key).toBe(`photos/${a.id}`);
      for (const size of ['sm', 'md', 'lg'] as const) {
        expect(photoSizeKey(a.storage_key, size)).toBe(photoKey(a.id, size));
        const file = await storage.get(photoKey(a.id, size));
        expect(file, `${a.id} ${size}`).not.toBeNull();
        expect(file!.contentType).toBe('image/jpeg');
        const meta = await sharp(file!.data).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.width, meta.height]).toEqual([PHOTO_SIZES[size].width, PHOTO_SIZES[size].height]);
        if (size === 'md') expect(file!.data.length).toBe(a.bytes);
      }
      expect([a.width, a.height]).toEqual([320, 320]);
    }
    const covers = await rows<{ id: string; owner_ok: boolean; linked: boolean }>(sql`
      SELECT ph.id, ph.owner_id = p.client_id AS owner_ok,
             EXISTS (SELECT 1 FROM project_photos pp WHERE pp.project_id = p.id AND pp.photo_id = ph.id) AS linked
        FROM projects p JOIN photos ph ON ph.id = p.cover_photo_id`);
    expect(covers.length).toBeGreaterThanOrEqual(20);
    for (const c of covers) expect(c).toMatchObject({ owner_ok: true, linked: true });
    const lg = await storage.get(photoKey(covers[0]!.id, 'lg'));
    expect(await sharp(lg!.data).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 640 });
  });

  it('funds what it starts: npm run ledger:check finds nothing wrong with the demo', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    // Every hire past assigned paid, through a succeeded charge at the sandbox with the client's saved card.
    expect(await count("payments WHERE status = 'succeeded'")).toBeGreaterThan(100);
    expect(
      await count(`projects p WHERE p.status IN ('in_progress', 'delivered', 'completado', 'disputed')
        AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.project_id = p.id AND x.status = 'succeeded')`),
    ).toBe(0);
    expect(
      await count(`payments x LEFT JOIN sandbox_processor.charges c ON c.idempotency_key = 'pay_' || x.id
        LEFT JOIN payment_methods m ON m.id = x.payment_method_id
        WHERE c.id IS NULL OR c.id <> x.processor_ref OR c.status <> 'succeeded' OR c.amount_minor <> x.amount_minor
           OR m.user_id IS DISTINCT FROM x.payer_id OR c.token_id <> m.processor_token`),
    ).toBe(0);
    expect(
      await count(`payment_methods m LEFT JOIN sandbox_processor.verifications v ON v.idempotency_key = 'verify_' || m.id
        WHERE m.status <> 'active' OR v.status IS DISTINCT FROM 'succeeded' OR v.token_id <> m.processor_token`),
    ).toBe(0);
    // Approved work paid out in full (the contractor's share and the platform's fee), nothing left held.
    const [completed] = await rows<{ held: number; paid: number; price: number }>(sql`
      SELECT (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
               WHERE a.kind = 'escrow' AND a.project_id IN (SELECT id FROM projects WHERE status = 'completado'))::bigint AS held,
             (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
               WHERE a.kind IN ('contractor_payable', 'platform_revenue') AND e.transaction_id IN
                 (SELECT t.id FROM ledger_transactions t JOIN projects p ON p.id = t.project_id WHERE p.status = 'completado'))::bigint AS paid,
             (SELECT sum(q.agreed_price_minor) FROM projects p JOIN quotes q ON q.id = p.accepted_quote_id WHERE p.status = 'completado')::bigint AS price`);
    expect(Number(completed!.held)).toBe(0);
    expect(Number(completed!.paid)).toBe(Number(completed!.price));
    // Some hires wait for the client's payment (within the time to pay, so the lapse sweep leaves them), the others are paid.
    const assigned = await rows<{ paid: boolean; hours: number }>(sql`
      SELECT EXISTS (SELECT 1 FROM payments x WHERE x.project_id = p.id) AS paid, extract(epoch FROM ${NOW.toISOString()}::timestamptz - p.assigned_at) / 3600 AS hours
        FROM projects p WHERE p.status = 'assigned'`);
    expect(assigned.some((a) => a.paid)).toBe(true);
    expect(assigned.filter((a) => !a.paid).length).toBeGreaterThan(0);
    for (const a of assigned.filter((x) => !x.paid)) expect(Number(a.hours)).toBeLessThan(DEFAULT_HIRE_PAYMENT_HOURS / 2);
    // A staged plan in progress: the first milestone paid and released, the second paid and held, the last pending.
    const staged = await rows<{ status: string; funded: boolean; released: boolean }>(sql`
      SELECT m.status, EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.milestone_id = m.id AND t.kind = 'fund') AS funded,
             EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.milestone_id = m.id AND t.kind = 'release') AS released
        FROM milestones m JOIN projects p ON p.id = m.project_id AND p.accepted_quote_id = m.quote_id WHERE p.status = 'in_progress' ORDER BY m.position`);
    expect(staged).toEqual([
      { status: 'released', funded: true, released: true },
      { status: 'funded', funded: true, released: false },
      { status: 'pending', funded: false, released: false },
    ]);
  });

  it('does nothing the second time', async () => {
    const before = await count('users');
    const result = await seedDemoData(t.db, storage, { log, now: NOW, seal: cipher.seal });
    expect(result).toEqual({ seeded: false, counts: {}, offlineFunding: [] });
    expect(await count('users')).toBe(before);
    expect(logs.at(-1)).toMatch(/skipped/);
  });
});

describe('demo plan', () => {
  const plan = (seed: number) => {
    const rng = new Rng(mulberry32(seed));
    const people = planPeople(rng, NOW, DEMO_SIZE.clients);
    return { ...people, ...planActivity(rng, NOW, people.contractors, people.clients, DEMO_SIZE) };
  };

  it('is the same on every run and differs with another seed', () => {
    const a = plan(DEMO_SEED);
    expect(JSON.stringify(plan(DEMO_SEED))).toBe(JSON.stringify(a));
    expect(JSON.stringify(plan(DEMO_SEED + 1))).not.toBe(JSON.stringify(a));
  });

  it('writes Spanish texts within the column limits', () => {
    const { contractors, projects, reviews } = plan(DEMO_SEED);
    for (const c of contractors) {
      const d = c.profile.description ?? '';
      expect(d.length).toBeLessThanOrEqual(1500);
      expect(d.split(/(?<=\.) /).length, d).toBeGreaterThanOrEqual(2);
      expect(d).toMatch(/\d+ años/);
      expect((c.profile.companyName ?? '').length).toBeLessThanOrEqual(150);
    }
    for (const p of projects) {
      expect(p.title.length).toBeLessThanOrEqual(100);
      expect(p.description.length).toBeLessThanOrEqual(400);
    }
    for (const r of reviews) expect(r.comments.length).toBeGreaterThan(10);
  });
});

describe('DiskPhotoStorage', () => {
  let dir: string;
  let storage: DiskPhotoStorage;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-storage-'));
    storage = new DiskPhotoStorage(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts, gets and deletes by key, tidying empty folders', async () => {
    const key = photoKey('0b6b0a5e-2d7c-4d0e-9a51-7f3c2a1b9c8d', 'md');
    expect(key).toBe('photos/0b6b0a5e-2d7c-4d0e-9a51-7f3c2a1b9c8d/md.jpg');
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(await storage.get(key)).toEqual({ data: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' });
    expect(fs.readdirSync(path.join(dir, 'photos/0b6b0a5e-2d7c-4d0e-9a51-7f3c2a1b9c8d'))).toEqual(['md.jpg']);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'photos'))).toBe(false);
    await storage.delete(key); // deleting twice is fine
  });

  it('keeps a content type that the extension does not tell in a sidecar', async () => {
    await storage.put('misc/blob', Buffer.from('x'), 'image/webp');
    expect((await storage.get('misc/blob'))?.contentType).toBe('image/webp');
    await storage.put('misc/a.png', Buffer.from('x'), 'image/png');
    expect((await storage.get('misc/a.png'))?.contentType).toBe('image/png');
    await storage.put('misc/a.png', Buffer.from('y'), 'application/octet-stream');
    expect(await storage.get('misc/a.png')).toEqual({ data: Buffer.from('y'), contentType: 'application/octet-stream' });
  });

  it('rejects keys that could escape the root', async () => {
    for (const bad of ['../x.jpg', 'photos/../../x.jpg', '/etc/passwd', 'a//b.jpg', 'a/./b.jpg', '', 'a\\b.jpg', '.hidden', 'a/b.jpg.content-type', 'a/b\0.jpg']) {
      await expect(storage.put(bad, Buffer.from('x'), 'image/jpeg'), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.existsSync(path.join(dir, '..', 'x.jpg'))).toBe(false);
  });
});

/** A CURP's check digit (RENAPO): each of the first 17 characters' value times 18 minus its position, summed; 10 minus the sum's last digit. */
function curpCheckDigit(first17: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
  const sum = [...first17].reduce((acc, ch, i) => acc + alphabet.indexOf(ch) * (18 - i), 0);
  return String((10 - (sum % 10)) % 10);
}
