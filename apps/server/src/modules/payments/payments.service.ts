// The money room's door (decision 074): what other modules call, re-exported from the files that
// do each job. Inside payments/, import the job's own file (a re-export here would make a cycle).
//   money-requests.ts        deps, answers, idempotency keys
//   funding.service.ts       what to fund, a card's charge
//   settlement.service.ts    a payment settled, the funding posted and announced
//   release.service.ts       releases and refunds of what is held, a milestone's release
//   claim-money.service.ts   a claim's decision on the money
//   project-money.service.ts what a project's money looks like
//   money-sweeps.service.ts  refunds sent after commit, the reconciliation
export {
  DEFAULT_PLATFORM_FEE_PERCENT,
  announced,
  hashOf,
  idempotencyKeyOf,
  onceForKey,
  optionalIdempotencyKeyOf,
  moneyStep,
  paymentKey,
  type Actor,
  type AnnounceDeps,
  type Answer,
  type PaymentsDeps,
} from './money-requests.ts';
export { fundProject, whatToFund } from './funding.service.ts';
export { afterFunding, confirmPayment, fundingPosting, projectPeople, projectPeopleAndEscrow, refusalMessage, settleCardCharge } from './settlement.service.ts';
export { refundHeld, releaseHeld, releaseMilestone } from './release.service.ts';
export { settleClaim } from './claim-money.service.ts';
export { projectMoney } from './project-money.service.ts';
export { flushRefunds, reconcile, type Reconciliation } from './money-sweeps.service.ts';
// moneyCoverOf lives in money-cover.ts (the chat reads it too: decision 068).
export { moneyCoverOf } from './money-cover.ts';
// What a money step announces (decision 074): recorded in its transaction, delivered after its commit.
export { recordMoneyEvent, withAnnouncements, type MoneyEventHandlers } from './money-events.repository.ts';
// What the notices of a payment read (notifications/payment-notices.ts).
export { findPayment, findPerson, findProjectPair, findProjectTitle } from './payments.repository.ts';
export { pendingOf } from './pending-payment.ts';
