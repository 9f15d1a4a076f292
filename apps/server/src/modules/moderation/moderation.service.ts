import { reports as tr } from '@arreglaya/shared/i18n/admin-ops';
import { findContactInfo } from '@arreglaya/shared/moderation-rules';
import type { FlaggedProfile, Report, ReportForm } from '@arreglaya/shared/schemas/admin-ops';
import type { ReportFormSchema } from '@arreglaya/shared/schemas/admin-ops';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import {
  closeReports,
  findMessageParties,
  findUserRole,
  hideMessage,
  insertReport,
  listOpenReports,
  listSuspectDescriptions,
  listSuspectPortfolioTexts,
  lockOpenReport,
} from './moderation.repository.ts';

export interface Actor {
  id: string;
  sessionId?: string | null;
}

export type { ReportForm };

/**
 * A signed-in person reports a message of a conversation they are in, or a contractor's profile.
 * One open report per reporter and target (a second is a 409 with a Spanish message).
 */
export async function fileReport(db: Db, actor: Actor, form: z.output<typeof ReportFormSchema>): Promise<void> {
  let messageId: string | null = null;
  let subjectId: string | null;
  if (form.targetKind === 'message') {
    const m = await findMessageParties(db, form.messageId!);
    // Someone else's conversation looks the same as no message at all.
    if (!m || (m.clientId !== actor.id && m.contractorId !== actor.id)) throw new AppError('NOT_FOUND', tr.notYours);
    if (m.senderId === actor.id) throw new AppError('VALIDATION', tr.self, { messageId: tr.self });
    messageId = m.id;
    subjectId = m.senderId;
  } else {
    if ((await findUserRole(db, form.contractorId!)) !== 'contractor') throw new AppError('NOT_FOUND');
    if (form.contractorId === actor.id) throw new AppError('VALIDATION', tr.self, { contractorId: tr.self });
    subjectId = form.contractorId!;
  }
  await db.transaction(async (tx) => {
    const row = await insertReport(tx, { reporterId: actor.id, targetKind: form.targetKind, messageId, subjectId, reason: form.reason, details: form.details ?? null });
    if (!row) throw new AppError('CONFLICT', tr.duplicate);
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'report-filed',
      location: form.targetKind === 'profile' ? `/contractors/${subjectId}` : '/perfil/mensajes',
      details: { reportId: row.id, targetKind: form.targetKind, reason: form.reason },
    });
  });
}

/** The sysadmin's queue: open reports, oldest first. */
export async function openReports(db: Db): Promise<Report[]> {
  const rows = await listOpenReports(db);
  return rows.map((r) => ({
    id: r.id,
    targetKind: r.targetKind,
    reason: r.reason,
    details: r.details,
    status: r.status,
    reporterName: r.reporterName,
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    messageId: r.messageId,
    messageBody: r.messageBody,
    messageHidden: r.messageHiddenAt !== null && r.messageHiddenAt !== undefined,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Dismiss a report, or act on it: a reported message is hidden (its text no longer shown; every
 * open report of it is settled). A profile report is marked handled; banning or unlisting the
 * person is the people page's (Personas) act. Logged.
 */
export async function decideReport(db: Db, actor: Actor, reportId: string, action: 'dismiss' | 'act'): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockOpenReport(tx, reportId);
    if (!r) throw new AppError('NOT_FOUND');
    if (r.status !== 'open') throw new AppError('CONFLICT');
    if (action === 'act' && r.targetKind === 'message' && r.messageId) await hideMessage(tx, r.messageId);
    await closeReports(tx, { id: r.id, messageId: r.messageId }, action === 'act' ? 'actioned' : 'dismissed', actor.id);
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: action === 'act' ? 'admin-report-actioned' : 'admin-report-dismissed',
      location: '/admin/moderacion',
      details: { reportId, targetKind: r.targetKind, messageId: r.messageId, subjectId: r.subjectId },
    });
  });
}

/** Contractors whose description or portfolio texts hold a URL, an e-mail or a phone number (the shared rule). */
export async function flaggedProfiles(db: Db): Promise<FlaggedProfile[]> {
  const [descriptions, portfolio] = await Promise.all([listSuspectDescriptions(db), listSuspectPortfolioTexts(db)]);
  const byId = new Map<string, FlaggedProfile>();
  const add = (contractorId: string, name: string, source: 'description' | 'caption', text: string) => {
    const matches = findContactInfo(text);
    if (matches.length === 0) return;
    const entry = byId.get(contractorId) ?? { contractorId, name, texts: [] };
    entry.texts.push({ source, text, matches });
    byId.set(contractorId, entry);
  };
  for (const d of descriptions) if (d.description) add(d.contractorId, d.name, 'description', d.description);
  for (const p of portfolio) add(p.contractorId, p.name, 'caption', `${p.title}. ${p.description}`);
  return [...byId.values()];
}
