import { StatementFeedLineSchema } from '@arreglaya/shared/schemas/bank-statements';
import { findReferenceIn } from '@arreglaya/shared/transfer-reference';
import { StatementCollector, decimalToMinor, joinTexts, type StatementParseResult } from './statement-line.ts';

// The automated feed (issue 47): a bank's or an aggregator's integration posts the same lines the
// console imports from a file, as JSON (StatementFeedSchema's `lines`). Each line is checked on
// its own (StatementFeedLineSchema); a bad one is reported with its position in the array
// (`line`: 1 for the first) and the others are taken. The bankTxId is the feed's, with the same
// `/RVSL` ending as a camt.053 reversal, so a line that reached us by file and by feed under the
// bank's own reference counts once.

export function parseFeedLines(lines: readonly unknown[]): StatementParseResult {
  const collector = new StatementCollector('feed');
  lines.forEach((raw, i) => {
    const line = i + 1;
    const parsed = StatementFeedLineSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return collector.error(line, issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    }
    const l = parsed.data;
    const minor = decimalToMinor(l.amount, l.currency);
    if (!minor.ok) return collector.error(line, minor.message);
    collector.add(line, {
      bankTxId: l.reversal ? `${l.bankTxId}/RVSL` : l.bankTxId,
      bookedOn: l.bookedOn,
      amountMinor: minor.minor,
      currency: l.currency,
      direction: l.direction,
      reversal: l.reversal,
      reference: findReferenceIn(l.reference) ?? findReferenceIn(l.description),
      description: joinTexts([l.reference, l.description]),
      payerName: l.payerName?.trim() || null,
      payerAccount: l.payerAccount?.trim() || null,
    });
  });
  if (lines.length > 0) collector.statements.push({ account: null, currency: null, from: null, to: null, firstLine: 0, lineCount: collector.lines.length });
  return collector.result();
}
