import { PERSONAL_ID, isIdCheckDigitException, normalizeIdDocument } from '@arreglaya/shared/id-documents';
import { verification as t } from '@arreglaya/shared/i18n/verification';
import { isRncActive } from '@arreglaya/shared/rnc-registry';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import {
  IDENTITY_KINDS,
  VERIFICATION_KINDS,
  VERIFIED_BY_KINDS,
  badgeExpiresOn,
  documentDateProblem,
  DocumentRequestSchema,
  identityRequestSchema,
  type AdminVerificationQueue,
  type IdentityRequest,
  type MyVerifications,
  type PublicBadges,
  type VerificationDecision,
  type VerificationDetails,
  type VerificationKind,
} from '@arreglaya/shared/schemas/verification';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { AppError } from '../../lib/app-error.ts';
import { getContractorProfile } from '../profiles/profiles.service.ts';
import { checkDocument, type DocumentUpload } from './verification-document.ts';
import {
  approvedBadges,
  decide,
  deleteAllOf,
  deleteDocument,
  findDocument,
  findRnc,
  findRole,
  insertApproved,
  insertDocument,
  insertPending,
  listOwn,
  lockVerification,
  pendingQueue,
  revokeApproved,
  syncVerifiedAt,
  type VerificationRow,
} from './verification.repository.ts';

// Verification badges (issue 49 part 3; docs/decisions/056-verification-badges.md). A contractor
// asks, a sysadmin decides; a badge exists only by that decision. Documents are read only by a
// sysadmin and deleted in the decision's transaction; what was checked and when remains.

export interface VerificationDeps {
  db: Db;
  cipher: DataCipher;
}

interface Actor {
  id: string;
  role: string;
}

const today = (now: Date) => todayIn('DO', now);

async function contractorOnly(deps: VerificationDeps, user: Actor): Promise<void> {
  if (user.role !== 'contractor') throw new AppError('FORBIDDEN', t.errors.onlyContractors);
}

function pendingConflict(kind: VerificationKind): AppError {
  return new AppError('CONFLICT', t.errors.pendingExists(t.kinds[kind]));
}

function ownView(row: VerificationRow, day: string) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    expired: row.status === 'approved' && row.expiresOn !== null && row.expiresOn <= day,
    details: row.details,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresOn: row.expiresOn,
    note: row.note,
  };
}

/** The contractor's own requests and badges, newest first. */
export async function myVerifications(deps: VerificationDeps, user: Actor, now = new Date()): Promise<MyVerifications> {
  await contractorOnly(deps, user);
  const [rows, profile] = await Promise.all([listOwn(deps.db, user.id), getContractorProfile(deps, user.id).catch(() => null)]);
  return { items: rows.map((r) => ownView(r, today(now))), hasCedula: !!profile?.cedula, country: profile?.country ?? 'DO' };
}

/**
 * The person's document (the profile's, checked by its country's rule: id-documents.ts; a
 * Dominican cédula may be one of the JCE's exceptions) or the tax ID of the person's country: a
 * Dominican RNC in the DGII's registry, active; a Colombian NIT or a Mexican RFC checked by its
 * digit here and by the team against the DIAN's or the SAT's (no registry of them is loaded, decision 065).
 */
export async function requestIdentity(deps: VerificationDeps, user: Actor, input: IdentityRequest, now = new Date()): Promise<void> {
  await contractorOnly(deps, user);
  const profile = await getContractorProfile(deps, user.id).catch(() => null);
  const country = profile?.country ?? 'DO';
  let details: VerificationDetails;
  if (input.kind === 'cedula') {
    const kind = PERSONAL_ID[country];
    const stored = profile?.cedula ? normalizeIdDocument(kind, profile.cedula) : null;
    if (!profile?.cedula) throw new AppError('UNPROCESSABLE', t.errors.cedulaMissing);
    if (!stored) throw new AppError('UNPROCESSABLE', t.errors.cedulaInvalid);
    // The profile's schema let it through: its check digit is right, or it is a known exception.
    details = { checkDigit: isIdCheckDigitException(kind, stored) ? 'exception' : 'valid', cedulaLast4: stored.slice(-4) };
  } else {
    const parsed = identityRequestSchema(country).safeParse(input);
    if (!parsed.success || parsed.data.kind !== 'rnc') {
      const message = parsed.error?.issues[0]?.message ?? t.errors.rncInvalid;
      throw new AppError('VALIDATION', message, { rnc: message });
    }
    const taxId = parsed.data.rnc;
    if (country === 'DO') {
      const entry = await findRnc(deps.db, taxId);
      if (!entry) throw new AppError('UNPROCESSABLE', t.errors.rncUnknown(taxId), { rnc: t.errors.rncUnknown(taxId) });
      if (!isRncActive(entry.status)) throw new AppError('UNPROCESSABLE', t.errors.rncInactive(taxId, entry.status), { rnc: t.errors.rncInactive(taxId, entry.status) });
      details = { rnc: entry.rnc, registeredName: entry.name, registryStatus: entry.status };
    } else {
      details = { rnc: taxId };
    }
  }
  const row = await insertPending(deps.db, { userId: user.id, kind: input.kind, details, submittedAt: now, expiresOn: null });
  if (!row) throw pendingConflict(input.kind);
}

/** A certificate: its fields checked, its bytes proven an image or a PDF, then the request and the document in one transaction. */
export async function requestDocument(deps: VerificationDeps, user: Actor, upload: DocumentUpload, now = new Date()): Promise<void> {
  await contractorOnly(deps, user);
  const parsed = DocumentRequestSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'kind')] ??= issue.message;
    throw new AppError('VALIDATION', Object.values(fields)[0], fields);
  }
  const input = parsed.data;
  const dateProblem = documentDateProblem(input.kind, input.issuedOn, today(now));
  if (dateProblem) throw new AppError('VALIDATION', dateProblem, { issuedOn: dateProblem });
  if (!upload.file || upload.file.length === 0) throw new AppError('VALIDATION', t.errors.fileMissing, { file: t.errors.fileMissing });
  const mime = await checkDocument(upload.file);
  const details: VerificationDetails = { issuedOn: input.issuedOn, issuer: input.issuer, title: input.title, documentType: mime };
  await deps.db.transaction(async (tx) => {
    const row = await insertPending(tx, { userId: user.id, kind: input.kind, details, submittedAt: now, expiresOn: badgeExpiresOn(input.kind, input.issuedOn) });
    if (!row) throw pendingConflict(input.kind);
    await insertDocument(tx, row.id, mime, upload.file!);
  });
}

/** What a visitor sees: for each kind, the newest approved badge that has not expired. */
export async function publicBadges(deps: VerificationDeps, contractorId: string, now = new Date()): Promise<PublicBadges> {
  const rows = await approvedBadges(deps.db, contractorId, today(now));
  const newest = new Map<VerificationKind, VerificationRow>();
  for (const r of rows) if (!newest.has(r.kind)) newest.set(r.kind, r);
  const badges = VERIFICATION_KINDS.flatMap((kind) => {
    const r = newest.get(kind);
    if (!r) return [];
    return [
      {
        kind,
        decidedAt: r.decidedAt!.toISOString(),
        issuedOn: r.details.issuedOn ?? null,
        expiresOn: r.expiresOn,
        registeredName: r.details.registeredName ?? null,
        issuer: r.details.issuer ?? null,
        title: r.details.title ?? null,
      },
    ];
  });
  return { verified: badges.some((b) => VERIFIED_BY_KINDS.includes(b.kind)), badges };
}

export async function verificationQueue(deps: VerificationDeps): Promise<AdminVerificationQueue> {
  const rows = await pendingQueue(deps.db);
  return { items: rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() })), total: rows.length };
}

/** The document, for a sysadmin only (the route's access); 404 once decided (it is deleted then). */
export async function verificationDocument(deps: VerificationDeps, id: string): Promise<{ mime: string; data: Buffer }> {
  const doc = await findDocument(deps.db, id);
  if (!doc) throw new AppError('NOT_FOUND', t.errors.documentGone);
  return doc;
}

/** A sysadmin approves or rejects: the decision, its date and its author stay; the document goes, in one transaction. */
export async function decideVerification(deps: VerificationDeps, admin: Actor, id: string, input: VerificationDecision, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockVerification(tx, id);
    if (!row) throw new AppError('NOT_FOUND', t.errors.notFound);
    if (row.status !== 'pending') throw new AppError('CONFLICT', t.errors.alreadyDecided);
    await decide(tx, id, { status: input.decision, decidedAt: now, decidedBy: admin.id, note: input.note ?? null });
    await deleteDocument(tx, id);
    if (input.decision === 'approved') await syncVerifiedAt(tx, row.userId);
  });
}

/**
 * The console's "Verificado" switch on a person's page (docs/decisions/025): marking is a
 * sysadmin's approved cédula badge checked from the console; unmarking revokes the person's
 * identity badges. Either way "Verificado" is derived from the badges.
 */
export async function setVerifiedFromConsole(deps: VerificationDeps, admin: Actor, userId: string, verified: boolean, now = new Date()): Promise<void> {
  if ((await findRole(deps.db, userId)) !== 'contractor') throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    if (verified) {
      const current = await approvedBadges(tx, userId, today(now));
      if (!current.some((b) => (IDENTITY_KINDS as readonly string[]).includes(b.kind)))
        await insertApproved(tx, { userId, kind: 'cedula', details: {}, at: now, decidedBy: admin.id });
    } else {
      await revokeApproved(tx, userId, IDENTITY_KINDS, admin.id, now);
    }
    await syncVerifiedAt(tx, userId);
  });
}

/** The person's requests and badges, and any document still waiting, when their account is deleted. */
export async function forgetVerifications(tx: DbOrTx, userId: string): Promise<void> {
  await deleteAllOf(tx, userId);
}
