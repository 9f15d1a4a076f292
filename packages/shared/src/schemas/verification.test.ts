import { describe, expect, it } from 'vitest';
import { verification as t } from '../i18n/verification.ts';
import { addToDay, badgeExpiresOn, documentDateProblem, IdentityRequestSchema, VerificationDecisionSchema } from './verification.ts';

describe('the certificate dates', () => {
  it('refuses an issue date in the future, and a criminal record issued more than 90 days ago', () => {
    expect(documentDateProblem('criminal_record', '2026-12-07', '2026-12-06')).toBe(t.errors.issuedInFuture);
    expect(documentDateProblem('trade_certificate', '2026-12-07', '2026-12-06')).toBe(t.errors.issuedInFuture);
    expect(documentDateProblem('criminal_record', '2026-09-07', '2026-12-06')).toBeNull(); // 90 days
    expect(documentDateProblem('criminal_record', '2026-09-06', '2026-12-06')).toBe(t.errors.criminalRecordTooOld); // 91 days
    expect(documentDateProblem('trade_certificate', '2010-01-01', '2026-12-06')).toBeNull();
  });

  it('expires a criminal-record badge 12 months after issue, a 29 February on the 28th; the others never', () => {
    expect(badgeExpiresOn('criminal_record', '2026-11-02')).toBe('2027-11-02');
    expect(badgeExpiresOn('criminal_record', '2028-02-29')).toBe('2029-02-28');
    expect(badgeExpiresOn('trade_certificate', '2026-11-02')).toBeNull();
    expect(badgeExpiresOn('cedula', null)).toBeNull();
    expect(addToDay('2026-12-06', { days: -90 })).toBe('2026-09-07');
  });
});

describe('the request and decision schemas', () => {
  it('takes an RNC with dashes and refuses a wrong check digit', () => {
    expect(IdentityRequestSchema.parse({ kind: 'rnc', rnc: '1-01-00001-5' })).toEqual({ kind: 'rnc', rnc: '101000015' });
    expect(IdentityRequestSchema.safeParse({ kind: 'rnc', rnc: '101000016' }).error?.issues[0]?.message).toBe(t.errors.rncInvalid);
  });

  it('needs a note to reject, not to approve', () => {
    expect(VerificationDecisionSchema.safeParse({ decision: 'approved' }).success).toBe(true);
    expect(VerificationDecisionSchema.safeParse({ decision: 'rejected', note: ' ' }).error?.issues[0]?.message).toBe(t.errors.noteRequired);
  });
});
