// The stand-ins' test numbers (decision 040, README): each fails the same way every time.
// WhatsApp: Meta's codes; SMS: Twilio's. Any other Dominican number succeeds.

export const SANDBOX_NUMBERS = {
  /** WhatsApp 131026 (undeliverable) / SMS 21211 (invalid To), at once. */
  invalid: '+18095550100',
  /** WhatsApp 130429 / SMS 20429, HTTP 429. */
  rateLimited: '+18095550101',
  /** The provider is down: HTTP 503. */
  providerDown: '+18095550102',
  /** Accepted, then a failed status: WhatsApp 131026 / SMS 30003 (unreachable handset). */
  failsAfterSending: '+18095550103',
  /** WhatsApp 132015 (template paused) / SMS accepted, then undelivered 30005 (unknown handset). */
  pausedOrUnknown: '+18095550104',
  /** WhatsApp 131048 (spam rate limit) / SMS accepted, then failed 30007 (carrier filtered). */
  spamOrFiltered: '+18095550105',
} as const;

/** "+1 809-555-0100", "18095550100" → "+18095550100" (the providers accept both forms). */
export function e164(to: string): string {
  return `+${to.replace(/\D/g, '')}`;
}
