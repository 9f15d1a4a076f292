import { CO_BANKS, DR_BANKS, MX_BANKS, cedulaValid, clabeValid, coMxDocumentValid, passportValid, rncValid } from '@arreglaya/shared/payout-banks';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { PAYOUT_ERRORS, PAYOUT_REJECTION_REASONS, PAYOUT_STATUS_CODES, fromDlocalAmount, toDlocalAmount, type DlocalPayoutBody, type DlocalPayoutStatus } from '../dlocal-types.ts';
import {
  dueSandboxPayouts,
  enqueueNotification,
  findSandboxPayout,
  findSandboxPayoutByExternalId,
  insertPayoutOnce,
  transitionPayout,
  type SandboxPayout,
} from './dlocal-sandbox.repository.ts';
import { error, twoDecimals, valueAt, type ApiAnswer } from './sandbox-answers.ts';
import { SandboxCore } from './sandbox-core.ts';
import { COUNTRY_CURRENCIES } from './sandbox-methods.ts';

// The stand-in's Payouts v3 (decision 052; decision 075 split it from dlocal-sandbox.ts).

/**
 * Payouts v3's test rules (decision 052), besides dLocal's own sandbox trick (a `description` of
 * `DELIVERED:PAID`, or `DELIVERED:<reason>` with a documented rejection reason): an account number
 * ending in one of these is rejected by "the bank" with that reason; any other is paid.
 */
export const DLOCAL_SANDBOX_PAYOUT_RULES: Record<string, (typeof PAYOUT_REJECTION_REASONS)[number]> = {
  '0000': 'ERROR_ACCOUNT_INCORRECT',
  '9999': 'ERROR_ACCOUNT_CLOSED',
  '0009': 'ERROR_BENEFICIARY_DOCUMENT_ID_INVALID',
};
/** A beneficiary whose document is this cédula is blacklisted (5013), refused at once. */
export const DLOCAL_SANDBOX_BLACKLISTED_DOCUMENT = '40212345678';
/** Each country's bank codes (decision 067): a code of another country's bank is refused. */
const PAYOUT_BANK_CODES: Record<string, Set<string>> = {
  DO: new Set<string>(DR_BANKS.map((b) => b.code)),
  CO: new Set<string>(CO_BANKS.map((b) => b.code)),
  MX: new Set<string>(MX_BANKS.map((b) => b.code)),
};
/** Each country's documents, checked as the country pages describe them (CO and MX by format: the country ID validators (065) replace it). */
const PAYOUT_DOCUMENTS: Record<string, Record<string, (id: string) => boolean>> = {
  DO: { CE: cedulaValid, RN: rncValid, PASS: passportValid },
  CO: { CC: (id) => coMxDocumentValid('cc', id), NIT: (id) => coMxDocumentValid('nit', id) },
  MX: { CURP: (id) => coMxDocumentValid('curp', id), RFC: (id) => coMxDocumentValid('rfc', id) },
};

const CreatePayoutSchema = z
  .object({
    external_id: z.string().min(1).max(100),
    payment_method_id: z.literal('BANK_TRANSFER'),
    flow_type: z.enum(['B2C', 'B2B', 'P2P']),
    country: z.string().regex(/^[A-Z]{2}$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.number(),
    purpose: z.string().min(1).max(40),
    description: z.string().max(200).optional(),
    statement_descriptor: z.string().max(100).optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    beneficiary: z
      .object({
        first_name: z.string().trim().min(1).max(100).optional(),
        last_name: z.string().trim().min(1).max(100).optional(),
        business_name: z.string().trim().min(1).max(200).optional(),
        document: z.object({ type: z.enum(['CE', 'RN', 'PASS', 'CC', 'NIT', 'CURP', 'RFC']), id: z.string().min(1).max(30) }),
        bank_account: z.object({ code: z.string().min(1).max(20), account: z.string().regex(/^\d{6,20}$/), type: z.enum(['C', 'S']) }),
      })
      .loose(),
  })
  .loose();

/** The first zod issue as Payouts' error: 3001 empty params, 3000 invalid params. */
function invalidPayout(json: unknown, issues: z.core.$ZodIssue[]): ApiAnswer {
  const issue = issues[0]!;
  const param = issue.path.map(String).join('.');
  if (valueAt(json, issue.path) === undefined) return error(PAYOUT_ERRORS.emptyParams, { message: `Empty params ${param}`, param });
  return error(PAYOUT_ERRORS.invalidParams, { message: `Invalid params ${param}`, param });
}
/** Payouts v3: submit, read, "the bank"'s answer and the merchant's cancel. */
export class SandboxPayouts extends SandboxCore {
  /**
   * Submit a payout (Dominican Republic, BANK_TRANSFER): validated as the country page asks (the
   * document's type and check digit, a bank code of the list, account type C or S, DOP or USD with
   * two decimals), unique by external_id (5011 on a reuse, whatever the body), PENDING (100) and
   * notified; "the bank" answers at the next sweep by the test rules.
   */
  async createPayout(login: string, json: unknown): Promise<ApiAnswer> {
    const parsed = CreatePayoutSchema.safeParse(json);
    if (!parsed.success) return invalidPayout(json, parsed.error.issues);
    const req = parsed.data;
    const currencies = COUNTRY_CURRENCIES[req.country];
    if (!currencies) return error(PAYOUT_ERRORS.countryNotFound, { param: 'country' });
    if (!currencies.includes(req.currency)) return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params currency', param: 'currency' });
    if (!(req.amount > 0) || !twoDecimals(req.amount)) return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params amount', param: 'amount' });
    if (req.amount > 10_000_000) return error(PAYOUT_ERRORS.limitExceeded, { message: 'Limit exceeded amount', param: 'amount' });
    const b = req.beneficiary;
    const named = req.flow_type === 'B2B' ? b.business_name !== undefined : b.first_name !== undefined && b.last_name !== undefined;
    if (!named) {
      const param = req.flow_type === 'B2B' ? 'beneficiary.business_name' : b.first_name === undefined ? 'beneficiary.first_name' : 'beneficiary.last_name';
      return error(PAYOUT_ERRORS.emptyParams, { message: `Empty params ${param}`, param });
    }
    const doc = b.document;
    const docOk = PAYOUT_DOCUMENTS[req.country]![doc.type]?.(doc.id) ?? false;
    if (!docOk) return error(PAYOUT_ERRORS.invalidParams, { message: `Invalid params beneficiary.document.id ${doc.type}`, param: 'beneficiary.document.id' });
    if (!PAYOUT_BANK_CODES[req.country]!.has(b.bank_account.code)) return error(PAYOUT_ERRORS.invalidBankCode, { param: 'beneficiary.bank_account.code' });
    // Mexico pays to a CLABE (18 digits, its check digit, its bank's first three).
    if (req.country === 'MX' && !(clabeValid(b.bank_account.account) && b.bank_account.account.startsWith(b.bank_account.code)))
      return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params beneficiary.bank_account.account', param: 'beneficiary.bank_account.account' });
    if (doc.id === DLOCAL_SANDBOX_BLACKLISTED_DOCUMENT) return error(PAYOUT_ERRORS.beneficiaryBlacklisted);

    const now = this.now();
    const forced = req.description?.trim().match(/^DELIVERED:([A-Z_]+)$/)?.[1];
    const outcome =
      forced === 'PAID' || (forced && (PAYOUT_REJECTION_REASONS as readonly string[]).includes(forced))
        ? forced
        : (DLOCAL_SANDBOX_PAYOUT_RULES[b.bank_account.account.slice(-4)] ?? 'PAID');
    const created = await this.db.transaction(async (tx) => {
      const payout = await insertPayoutOnce(tx, {
        id: `PO-4-${crypto.randomUUID()}`,
        merchantLogin: login,
        externalId: req.external_id,
        amountMinor: fromDlocalAmount(req.amount),
        currency: req.currency,
        country: req.country,
        paymentMethodId: req.payment_method_id,
        flowType: req.flow_type,
        purpose: req.purpose,
        status: 'PENDING',
        statusCode: PAYOUT_STATUS_CODES.PENDING.code,
        statusDetail: PAYOUT_STATUS_CODES.PENDING.detail,
        outcome,
        bankCode: b.bank_account.code,
        accountType: b.bank_account.type,
        accountLast4: b.bank_account.account.slice(-4),
        documentType: doc.type,
        description: req.description ?? null,
        notificationUrl: req.notification_url ?? null,
        settlesAt: new Date(now.getTime() + this.payoutSettleMs),
        createdAt: now,
        updatedAt: now,
      });
      if (payout) await this.notifyPayout(tx, payout, now);
      return payout;
    });
    if (!created) return error(PAYOUT_ERRORS.externalIdUsed, { param: 'external_id' });
    return { status: 200, body: payoutObject(created) };
  }

  async getPayout(login: string, id: string): Promise<ApiAnswer> {
    const payout = await findSandboxPayout(this.db, login, id);
    return payout ? { status: 200, body: payoutObject(payout) } : error(PAYOUT_ERRORS.payoutNotFound);
  }

  async getPayoutByExternalId(login: string, externalId: string): Promise<ApiAnswer> {
    const payout = await findSandboxPayoutByExternalId(this.db, login, externalId);
    return payout ? { status: 200, body: payoutObject(payout) } : error(PAYOUT_ERRORS.payoutNotFound);
  }

  /** "The bank" answers every open payout due at `now`: PAID (200) or REJECTED (300, the reason in status_detail), each notified once. */
  async settlePayouts(now: Date = this.now(), onlyId?: string): Promise<number> {
    let settled = 0;
    for (const p of await dueSandboxPayouts(this.db, now, onlyId)) {
      const status: DlocalPayoutStatus = p.outcome === 'PAID' ? 'PAID' : 'REJECTED';
      const detail = status === 'PAID' ? PAYOUT_STATUS_CODES.PAID.detail : p.outcome;
      const moved = await this.movePayout(p.id, ['PENDING', 'DELIVERED'], status, detail, now);
      if (moved) settled++;
    }
    return settled;
  }

  /** Test hook (dLocal's "cancel" of a pending payout by the merchant): PENDING → CANCELLED (400), notified; false when it is not pending. */
  async cancelPayout(id: string): Promise<boolean> {
    return (await this.movePayout(id, ['PENDING'], 'CANCELLED', PAYOUT_STATUS_CODES.CANCELLED.detail, this.now())) !== undefined;
  }

  protected movePayout(id: string, from: string[], status: DlocalPayoutStatus, detail: string, now: Date): Promise<SandboxPayout | undefined> {
    return this.db.transaction(async (tx) => {
      const moved = await transitionPayout(tx, id, from, { status, statusCode: PAYOUT_STATUS_CODES[status].code, statusDetail: detail, at: now });
      if (moved) await this.notifyPayout(tx, moved, now);
      return moved;
    });
  }

  protected async notifyPayout(tx: DbOrTx, payout: SandboxPayout, now: Date): Promise<void> {
    if (!payout.notificationUrl) return;
    const body = JSON.stringify(payoutObject(payout));
    await enqueueNotification(tx, { subjectKind: 'payout', subjectId: payout.id, url: payout.notificationUrl, body, nextAttemptAt: now, createdAt: now });
  }
}

/** The payout object (Submit, Get, and each notification's body: "Notification parameters"). */
function payoutObject(p: SandboxPayout): DlocalPayoutBody {
  return {
    id: p.id,
    external_id: p.externalId,
    status: p.status,
    status_code: p.statusCode,
    status_detail: p.statusDetail,
    created_date: p.createdAt.toISOString(),
    last_updated: p.updatedAt.toISOString(),
    payment_method_id: p.paymentMethodId,
    flow_type: p.flowType,
    country: p.country,
    currency: p.currency,
    currency_to_pay: p.currency,
    amount: toDlocalAmount(p.amountMinor),
    purpose: p.purpose,
    ...(p.description ? { description: p.description } : {}),
    on_hold: false,
    ...(p.notificationUrl ? { notification_url: p.notificationUrl } : {}),
  };
}
