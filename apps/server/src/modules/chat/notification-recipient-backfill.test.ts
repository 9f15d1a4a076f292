import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Migration 0019 gives notifications a recipient and attributes the ones stored before it
// (decision 024). The backfill's statements run again here over rows stored the old way.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function backfill(): Promise<void> {
  const text = await readFile(new URL('../../../drizzle/0019_notification_recipient.sql', import.meta.url), 'utf8');
  for (const statement of text.split('--> statement-breakpoint').filter((s) => /^\s*UPDATE|^\s*WITH/m.test(s) && !/ALTER TABLE/.test(s))) {
    await t.db.execute(sql.raw(statement));
  }
}

describe('notification recipients stored before the column', () => {
  it('are inferred from the title; twins of a notice to both are split; anything else stays shown to both', async () => {
    const client = await person(t, 'client', 'Ana');
    const contractor = await person(t, 'contractor', 'José');
    const [c] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning();
    const at = new Date('2026-11-01T12:00:00Z');
    const old = (subject: string, body = 'Texto', createdAt = at) => ({ conversationId: c!.id, type: 'notification' as const, senderId: null, subject, body, createdAt });
    const rows = await t.db
      .insert(messages)
      .values([
        old('Nueva Oferta a tu proyecto'),
        old('Tu oferta fue aceptada'),
        old('Reclamación resuelta', 'Resuelta'),
        old('Reclamación resuelta', 'Resuelta'),
        old('Trabajo aprobado', 'Aprobado', new Date('2026-11-02T12:00:00Z')),
        old('Algo desconocido'),
      ])
      .returning({ id: messages.id, subject: messages.subject });
    await backfill();
    const after = await t.db.select({ id: messages.id, subject: messages.subject, recipientId: messages.recipientId }).from(messages).where(eq(messages.conversationId, c!.id));
    const of = (subject: string) => after.filter((r) => r.subject === subject).map((r) => r.recipientId);
    expect(of('Nueva Oferta a tu proyecto')).toEqual([client.id]);
    expect(of('Tu oferta fue aceptada')).toEqual([contractor.id]);
    expect(of('Reclamación resuelta').sort()).toEqual([client.id, contractor.id].sort());
    expect(of('Trabajo aprobado')).toEqual([contractor.id]);
    expect(of('Algo desconocido')).toEqual([null]);
    expect(after).toHaveLength(rows.length);
  });
});
