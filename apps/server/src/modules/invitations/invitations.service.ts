import { createHash, randomBytes, randomInt } from 'node:crypto';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { formatMoney } from '@arreglaya/shared/format-money';
import { invitations as ti, WHATSAPP_INVITATION_TEMPLATE } from '@arreglaya/shared/i18n/invitations';
import { messaging, WHATSAPP_CODE_TEMPLATE } from '@arreglaya/shared/i18n/messaging';
import {
  INVITATION_TTL_DAYS,
  type ClientInvitation,
  type InvitationCounts,
  type InvitationStatus,
  type InvitationView,
  type JoinInvitationSchema,
} from '@arreglaya/shared/schemas/invitations';
import type { InviteTecnicoSchema } from '@arreglaya/shared/schemas/invitations';
import { PHONE_CODE_LENGTH, PHONE_RESEND_SECONDS, type PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { Session } from '@arreglaya/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { createPhoneAccount, startSession, type AuthServiceDeps } from '../auth/auth.service.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Messenger } from '../messaging/messenger.ts';
import { confirmProvenNumber, ownerOfNumber, PHONE_CODE_ATTEMPTS, PHONE_CODE_TTL_MS } from '../messaging/phone.service.ts';
import { openProjectsChanged } from '../projects/open-projects-cache.ts';
import type { Actor } from '../projects/project-lifecycle.ts';
import { cancelOpenProjectIn, createProjectIn } from '../projects/projects.service.ts';
import type { ProjectsDeps } from '../projects/project-deps.ts';
import { acceptAgreedPriceIn } from '../projects/quote-decisions.service.ts';
import { claimAttempt, CODE_GUARD, MAIL_GUARD, type GuardPolicy } from '../rate-limits/account-guard.ts';
import {
  addCodeAttempt,
  countInvitations,
  findByTokenHash,
  findInvitationContext,
  findByProject,
  findUserRole,
  insertInvitation,
  lockById,
  lockByTokenHash,
  setContractorServices,
  settleStatuses,
  updateInvitation,
  type InvitationRow,
} from './invitations.repository.ts';

// Invite your técnico (issue 50, item 5; decision 064). A client names a técnico he already knows
// (phone, work, agreed price); the técnico opens /invitacion/<token> from a WhatsApp or SMS, joins
// with a code to that phone, and accepts: the agreed price becomes his accepted quote and the usual
// rules follow (the money held before work, released on approval).

export interface InvitationsDeps extends ProjectsDeps {
  messengers: Record<PhoneChannel, Messenger>;
  auth: AuthServiceDeps;
}

interface HttpContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const DAY_MS = 24 * 3600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashToken = (token: string) => sha256(`invitation:${token}`);
const hashCode = (invitationId: string, code: string) => sha256(`invitation-code:${invitationId}:${code}`);
export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/invitacion/${token}`;

const SEND_PER_NUMBER: GuardPolicy = { name: 'invitation-code-send', ...MAIL_GUARD };
const VERIFY: GuardPolicy = { name: 'invitation-code', ...CODE_GUARD };

async function guard(db: Db, policy: GuardPolicy, subject: string, { req, reply }: HttpContext) {
  const answer = await claimAttempt(db, policy, subject, req.ip);
  if (!answer.ok) {
    void reply.header('Retry-After', answer.retryAfterSeconds);
    throw new AppError('RATE_LIMITED', messaging.phone.resendTooSoon(answer.retryAfterSeconds));
  }
  return answer.attempt;
}

/**
 * WhatsApp first, SMS when WhatsApp fails (no WhatsApp on the number, the provider down): the
 * notification channels' order (decision 038). null when neither delivered.
 */
async function sendToPhone(deps: InvitationsDeps, number: string, whatsapp: { template: string; params: string[] }, sms: string, key: string): Promise<PhoneChannel | null> {
  const wa = await deps.messengers.whatsapp.sendTemplate(number, whatsapp.template, 'es', whatsapp.params, `${key}:wa`);
  if (wa.ok) return 'whatsapp';
  deps.log.warn({ reason: wa.reason, kind: wa.kind }, 'invitation: WhatsApp not sent, trying SMS');
  const text = await deps.messengers.sms.sendText(number, sms, `${key}:sms`);
  return text.ok ? 'sms' : null;
}

/** The invitation behind a link, whatever its state; 404 for an unknown token. */
async function invitationOf(db: Db, token: string, now: Date): Promise<InvitationRow> {
  await settleStatuses(db, now, hashToken(token));
  const found = await findByTokenHash(db, hashToken(token));
  if (!found) throw new AppError('NOT_FOUND', ti.errors.notFound);
  return found;
}

/** An invitation that can still be joined or accepted; otherwise a 409 saying why (used, cancelled, expired). */
function assertOpen(invitation: InvitationRow, now: Date): void {
  const status = invitation.status as InvitationStatus;
  if (status === 'cancelled') throw new AppError('CONFLICT', ti.errors.cancelled);
  if (status === 'accepted' || status === 'funded') throw new AppError('CONFLICT', ti.errors.used);
  if (status === 'expired' || invitation.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', ti.errors.expired);
}

/** POST /api/invitations: the project and its invitation in one transaction, the link sent before it commits. */
export async function inviteTecnico(
  deps: InvitationsDeps,
  actor: Actor,
  input: z.output<typeof InviteTecnicoSchema>,
  now = new Date(),
): Promise<{ invitationId: string; projectId: string }> {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', ti.errors.notClient);
  if ((await ownerOfNumber(deps.db, input.phone)) === actor.id) throw new AppError('VALIDATION', ti.errors.self, { phone: ti.errors.self });
  const token = randomBytes(32).toString('base64url');
  const currency = COUNTRIES[input.project.country].currency;
  const result = await deps.db.transaction(async (tx) => {
    const projectId = await createProjectIn(tx, deps, actor, input.project);
    const invitation = await insertInvitation(tx, {
      clientId: actor.id,
      projectId,
      contractorName: input.contractorName,
      phone: input.phone,
      priceMinor: input.priceMinor,
      currency,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    });
    const client = await findInvitationContext(tx, invitation);
    const clientName = `${client.clientFirstName} ${client.clientLastName}`.trim();
    const price = formatMoney(input.priceMinor, currency);
    const url = invitationUrl(deps.appUrl, token);
    // Sent inside the transaction: a link that could not be delivered leaves nothing stored.
    const channel = await sendToPhone(
      deps,
      input.phone,
      { template: WHATSAPP_INVITATION_TEMPLATE.name, params: [clientName, input.project.title, price, url] },
      ti.sms(clientName, input.project.title, price, url),
      `invitation:${invitation.id}`,
    );
    if (!channel) throw new AppError('VALIDATION', ti.errors.sendFailed, { phone: ti.errors.sendFailed });
    await updateInvitation(tx, invitation.id, { channel });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'invitation-sent',
      location: '/proyectos/invitar',
      details: { invitationId: invitation.id, projectId, channel },
    });
    return { invitationId: invitation.id, projectId };
  });
  openProjectsChanged(deps.db, [result.projectId]);
  return result;
}

/** GET /api/invitations/:token: what the técnico's page shows; `viewer` is the signed-in person, if any. */
export async function viewInvitation(deps: Pick<InvitationsDeps, 'db'>, token: string, viewer: Actor | null, now = new Date()): Promise<InvitationView> {
  const invitation = await invitationOf(deps.db, token, now);
  const context = await findInvitationContext(deps.db, invitation);
  const owner = await ownerOfNumber(deps.db, invitation.phone);
  const status = invitation.status as InvitationStatus;
  const open = status === 'sent' || status === 'joined';
  return {
    status,
    clientName: `${context.clientFirstName} ${context.clientLastName}`.trim(),
    contractorName: invitation.contractorName,
    phoneLast4: invitation.phone.slice(-4),
    priceMinor: invitation.priceMinor,
    currency: invitation.currency,
    project: {
      id: context.projectId,
      title: context.title,
      description: context.description,
      services: context.services.map((s) => SERVICE_LABELS[s]),
      city: context.city,
      startDate: context.startDate,
    },
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: owner !== undefined,
    mayAccept: open && viewer !== null && owner === viewer.id && viewer.role === 'contractor',
  };
}

/**
 * POST /api/invitations/:token/code: a 6-digit code to the invited phone, by the channel the link
 * went by (WhatsApp, else SMS). A number that already has an account gets none: he signs in.
 */
export async function sendJoinCode(deps: InvitationsDeps, token: string, http: HttpContext, now = new Date()): Promise<{ number: string; channel: PhoneChannel }> {
  const invitation = await invitationOf(deps.db, token, now);
  assertOpen(invitation, now);
  if (invitation.status !== 'sent') throw new AppError('CONFLICT', ti.errors.used);
  if (await ownerOfNumber(deps.db, invitation.phone)) throw new AppError('CONFLICT', ti.errors.accountExists);
  const waitMs = invitation.codeSentAt ? invitation.codeSentAt.getTime() + PHONE_RESEND_SECONDS * 1000 - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    void http.reply.header('Retry-After', seconds);
    throw new AppError('RATE_LIMITED', messaging.phone.resendTooSoon(seconds));
  }
  await (await guard(deps.db, SEND_PER_NUMBER, `number:${invitation.phone}`, http)).failed();
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const channel = await sendToPhone(
    deps,
    invitation.phone,
    { template: WHATSAPP_CODE_TEMPLATE.name, params: [code] },
    messaging.smsCode(code),
    `invitation-code:${invitation.id}:${now.getTime()}`,
  );
  if (!channel) throw new AppError('UNAVAILABLE', messaging.phone.providerDown);
  await updateInvitation(deps.db, invitation.id, {
    codeHash: hashCode(invitation.id, code),
    codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    codeAttempts: 0,
    channel,
  });
  return { number: invitation.phone, channel };
}

/**
 * POST /api/invitations/:token/join: the right code proves the phone; the técnico's account is made
 * (name, services, the number verified; no e-mail or password, decision 064) and signed in here.
 */
export async function joinFromInvitation(
  deps: InvitationsDeps,
  token: string,
  input: z.output<typeof JoinInvitationSchema>,
  http: HttpContext,
  now = new Date(),
): Promise<Session> {
  await settleStatuses(deps.db, now, hashToken(token));
  const attempt = await guard(deps.db, VERIFY, `token:${hashToken(token)}`, http);
  const outcome = { wrongCode: false };
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const invitation = await lockByTokenHash(tx, hashToken(token));
      if (!invitation) throw new AppError('NOT_FOUND', ti.errors.notFound);
      assertOpen(invitation, now);
      if (invitation.status !== 'sent') throw new AppError('CONFLICT', ti.errors.used);
      if (await ownerOfNumber(tx, invitation.phone)) throw new AppError('CONFLICT', ti.errors.accountExists);
      if (!invitation.codeHash || !invitation.codeExpiresAt) throw new AppError('INVALID_CODE', ti.errors.noCode, { code: ti.errors.noCode });
      if (invitation.codeAttempts >= PHONE_CODE_ATTEMPTS) throw new AppError('CODE_LOCKED', messaging.phone.codeLocked);
      if (invitation.codeExpiresAt.getTime() <= now.getTime()) throw new AppError('CODE_EXPIRED', messaging.phone.codeExpired);
      if (hashCode(invitation.id, input.code) !== invitation.codeHash) {
        // Counted outside this transaction's rollback: the refusal below must not undo it.
        outcome.wrongCode = true;
        return '';
      }
      const [firstName, ...rest] = input.name.split(/\s+/);
      const id = await createPhoneAccount(tx, { role: 'contractor', firstName: firstName!, lastName: rest.join(' '), number: invitation.phone });
      await setContractorServices(tx, id, input.services);
      await confirmProvenNumber(tx, id, invitation.phone, (invitation.channel as PhoneChannel | null) ?? 'sms');
      await updateInvitation(tx, invitation.id, { status: 'joined', contractorId: id, joinedAt: now, codeHash: null, codeExpiresAt: null });
      await recordLogEntry(tx, { userId: id, sessionId: null, action: 'invitation-joined', location: '/invitacion', details: { invitationId: invitation.id } });
      return id;
    });
  } catch (err) {
    await attempt.failed();
    // Two joins with one code at once: the number's unique index lets one account through.
    if (databaseErrorOf(err)?.code === '23505') throw new AppError('CONFLICT', ti.errors.accountExists);
    throw err;
  }
  if (outcome.wrongCode) {
    await attempt.failed();
    const invitation = (await findByTokenHash(deps.db, hashToken(token)))!;
    const left = PHONE_CODE_ATTEMPTS - (await addCodeAttempt(deps.db, invitation.id));
    if (left <= 0) throw new AppError('CODE_LOCKED', messaging.phone.codeLocked);
    throw new AppError('INVALID_CODE', messaging.phone.wrongCode(left), { code: messaging.phone.wrongCode(left) });
  }
  await attempt.succeeded();
  return startSession(deps.auth, userId, http);
}

/**
 * POST /api/invitations/:token/accept: the signed-in técnico whose account holds the invited
 * number takes the job at the agreed price. The invitation is locked: of 50 accepts at once one
 * hires, the others find it used.
 */
export async function acceptInvitation(deps: InvitationsDeps, token: string, actor: Actor, now = new Date()): Promise<{ projectId: string }> {
  await settleStatuses(deps.db, now, hashToken(token));
  const projectId = await deps.db.transaction(async (tx: Tx) => {
    const invitation = await lockByTokenHash(tx, hashToken(token));
    if (!invitation) throw new AppError('NOT_FOUND', ti.errors.notFound);
    assertOpen(invitation, now);
    if (actor.id === invitation.clientId) throw new AppError('FORBIDDEN', ti.errors.self);
    if ((await ownerOfNumber(tx, invitation.phone)) !== actor.id) throw new AppError('FORBIDDEN', ti.errors.notYours);
    if ((await findUserRole(tx, actor.id)) !== 'contractor') throw new AppError('FORBIDDEN', ti.errors.notContractor);
    const context = await findInvitationContext(tx, invitation);
    if (context.projectStatus !== 'created') throw new AppError('CONFLICT', ti.errors.projectGone);
    await acceptAgreedPriceIn(
      tx,
      deps,
      { id: invitation.clientId, role: 'client' },
      {
        projectId: invitation.projectId,
        contractorId: actor.id,
        priceMinor: invitation.priceMinor,
        currency: invitation.currency,
        description: context.description,
      },
    );
    await updateInvitation(tx, invitation.id, { status: 'accepted', contractorId: actor.id, acceptedAt: now, joinedAt: invitation.joinedAt ?? now });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'invitation-accepted',
      location: `/proyectos/${invitation.projectId}`,
      details: { invitationId: invitation.id, projectId: invitation.projectId },
    });
    return invitation.projectId;
  });
  openProjectsChanged(deps.db, [projectId]);
  deps.mailer.kick();
  return { projectId };
}

const mayCancel = (status: string) => status === 'sent' || status === 'joined';

/**
 * GET /api/projects/:id/invitation: the client's card on his project's page. null for a project
 * without one and for anyone but its client (the same answer: nobody learns another's invitation).
 */
export async function clientInvitation(db: Db, actor: Actor, projectId: string, now = new Date()): Promise<ClientInvitation | null> {
  const found = await findByProject(db, projectId);
  if (!found || found.clientId !== actor.id) return null;
  await settleStatuses(db, now, undefined, found.id);
  const invitation = (await findByProject(db, projectId))!;
  return {
    id: invitation.id,
    status: invitation.status as InvitationStatus,
    contractorName: invitation.contractorName,
    phoneLast4: invitation.phone.slice(-4),
    priceMinor: invitation.priceMinor,
    currency: invitation.currency,
    expiresAt: invitation.expiresAt.toISOString(),
    mayCancel: mayCancel(invitation.status),
  };
}

/**
 * POST /api/invitations/:id/cancel (decision 071): the client who sent it cancels it while it is
 * sent or joined; its project is cancelled as an unhired project is (`cancelOpenProjectIn`), and
 * the link then says the invitation was cancelled. Another client gets a 404; once accepted, a 409
 * (the hire is undone from the project, as any hire). The invitation is locked: a cancel and an
 * accept at once take turns, and the second finds the first's result.
 */
export async function cancelInvitation(deps: InvitationsDeps, actor: Actor, invitationId: string, now = new Date()): Promise<{ projectId: string }> {
  await settleStatuses(deps.db, now, undefined, invitationId);
  const projectId = await deps.db.transaction(async (tx: Tx) => {
    const invitation = await lockById(tx, invitationId);
    if (!invitation || invitation.clientId !== actor.id) throw new AppError('NOT_FOUND', ti.errors.notFound);
    const status = invitation.status as InvitationStatus;
    if (status === 'cancelled') throw new AppError('CONFLICT', ti.errors.alreadyCancelled);
    if (status === 'expired') throw new AppError('CONFLICT', ti.errors.expiredForClient);
    if (!mayCancel(status)) throw new AppError('CONFLICT', ti.errors.notCancellable);
    await cancelOpenProjectIn(tx, deps, actor, invitation.projectId);
    await updateInvitation(tx, invitation.id, { status: 'cancelled', cancelledAt: now, codeHash: null, codeExpiresAt: null });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'invitation-cancelled',
      location: `/proyectos/${invitation.projectId}`,
      details: { invitationId: invitation.id, projectId: invitation.projectId, from: status },
    });
    return invitation.projectId;
  });
  openProjectsChanged(deps.db, [projectId]);
  deps.mailer.kick();
  return { projectId };
}

/** The console's card: invitations sent, joined and funded. */
export async function invitationCounts(db: Db, now = new Date()): Promise<InvitationCounts> {
  await settleStatuses(db, now);
  return countInvitations(db);
}
