import { describe, expect, it } from 'vitest';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { reviewMail as tr } from '@arreglaya/shared/i18n/reviews';
import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { NOTICE_KINDS, type NoticeKind } from '@arreglaya/shared/schemas/notifications';
import { shortText } from '../chat/notice-centre.service.ts';

// Issue 55, item 6: every notice names the project it is about, within what the notification
// centre shows of it (its first paragraph, cut at NOTICE_TEXT_MAX characters), even for a title of
// the most characters a project may have. One row per kind: the first paragraphs its senders post
// (project-notify.ts's callers). The walk through a whole project is notices-name-their-project.test.ts.

const TITLE = 'Reparar la filtración del techo de la terraza y cambiar las tejas rotas antes de las lluvias de mayo';
const NAME = 'Wilson Almonte';
const AMOUNT = 'RD$12,500.00';
const BY = '09 dic 2026, 14:00';

const FIRST_PARAGRAPHS: Partial<Record<NoticeKind, string[]>> = {
  newQuote: [tm.newQuote.intro(NAME, TITLE)],
  quoteCountered: [tm.quoteCountered.intro(TITLE, AMOUNT)],
  counterAnswered: [tm.counterAnswered.accepted(NAME, AMOUNT, TITLE), tm.counterAnswered.declined(NAME, TITLE)],
  quoteAccepted: [tm.quoteAccepted.intro(TITLE)],
  quoteRejected: [tm.quoteRejected.intro(TITLE), tm.quoteRejected.otherChosen(TITLE)],
  quoteExpired: [tm.quoteExpired.intro(TITLE)],
  offerWithdrawn: [tm.offerWithdrawn.intro(TITLE, NAME)],
  projectAssigned: [tm.projectAssigned.intro(TITLE, NAME)],
  projectFunded: [tm.projectFunded.intro(TITLE, AMOUNT)],
  contactShared: [tm.contactShared.intro(TITLE)],
  hireEnded: [tm.hireEnded.byClient(TITLE), tm.hireEnded.byContractor(TITLE, NAME), tm.hireEnded.lapsedContractor(TITLE, 72), tm.hireEnded.lapsedClient(TITLE, 72)],
  projectClosed: [tm.projectClosed.intro(TITLE), tm.projectClosed.hireEnded(TITLE)],
  projectStarted: [tm.projectStarted.intro(TITLE, NAME)],
  projectDelivered: [tm.projectDelivered.intro(TITLE, NAME)],
  projectApproved: [tm.projectApproved.intro(TITLE), tm.projectApproved.automatically(TITLE, 7)],
  projectDisputed: [tm.projectDisputed.intro(TITLE)],
  claimDecided: [tm.claimDecided.release(TITLE), tm.claimDecided.refund(TITLE), tm.claimDecided.split(TITLE, 60)],
  projectCancelled: [tm.projectCancelled.intro(TITLE)],
  refundSent: [...(['card', 'cash', 'transfer'] as const).map((rail) => tp.receipts.refund.intro(TITLE, rail)), ts.returnNotice.intro(TITLE, AMOUNT)],
  paymentInstructions: [
    tm.paymentInstructions.transfer(TITLE, AMOUNT, 'Banco Popular Dominicano', '812345678', 'ArreglaYa SRL', '131234567', 'AY-7K2M-Q9TX-4', BY),
    tm.paymentInstructions.cash(TITLE, AMOUNT, '4402-1187-9931', 'Banco Popular', BY),
    tm.paymentInstructions.spei(TITLE, '$4,000.00', '646180157000000004', BY),
    tm.paymentInstructions.pse(TITLE, '$ 4.000.000', BY),
  ],
  paymentPartial: [tm.paymentPartial.intro(TITLE, 'RD$5,000.00', 'RD$7,500.00', 'AY-7K2M-Q9TX-4')],
  paymentExpired: (['cash', 'transfer', 'bank'] as const).map((way) => tm.paymentExpired.intro(TITLE, way)),
  reviewApproved: [tr.approved.intro(TITLE)],
  reviewRejected: [tr.rejected.intro(TITLE)],
  reviewPublished: [tr.published.intro('Ana P.', TITLE, 5)],
};

/**
 * Kinds about no project: a photo or voice note sent by WhatsApp that could not be received is
 * about the sender's own message, and the centre opens its conversation (notice-centre.service.ts).
 */
const ABOUT_NO_PROJECT: readonly NoticeKind[] = ['whatsappMediaLost'];

describe('the notification centre’s text of each notice kind', () => {
  it.each(NOTICE_KINDS.filter((kind) => !ABOUT_NO_PROJECT.includes(kind)))('%s names its project within what the centre shows', (kind) => {
    const paragraphs = FIRST_PARAGRAPHS[kind];
    expect(paragraphs, `${kind}: add the first paragraphs its notices start with`).toBeDefined();
    for (const paragraph of paragraphs!) expect(shortText(paragraph), kind).toContain(`«${TITLE}»`);
  });
});
