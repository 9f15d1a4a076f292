// Notifications where people look (issue 32): which things a person is told of, and the channels
// they can be told through. One list each, shared by the server's dispatcher, the preferences page
// and the console; the texts are in the catalogue (i18n), keyed by these names.

/** Every channel: the in-app notice and e-mail (which exist), Web Push, WhatsApp and SMS. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push', 'whatsapp', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels outside the app and e-mail: each is a ChannelSender on the server (modules/notifications/channel-sender.ts). */
export const OUTSIDE_CHANNELS = ['push', 'whatsapp', 'sms'] as const satisfies readonly NotificationChannel[];
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];

/**
 * What a person can be told of, each with its own channel choices. `specialOffer` is marketing
 * (a sysadmin's campaign), off unless chosen; the others are the work and its money.
 */
export const NOTIFICATION_TYPES = [
  'newOffer',
  'counterOffer',
  'offerAccepted',
  'paymentDue',
  'paymentHeld',
  'messageWhileAway',
  'delivered',
  'approved',
  'payoutSent',
  'payoutFailed',
  'claimDecided',
  'newMatchingProject',
  'specialOffer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Money notices that quiet hours (22:00–07:00 in the person's country) do not hold back. */
export const URGENT_NOTIFICATION_TYPES = ['paymentDue', 'paymentHeld', 'payoutSent', 'payoutFailed', 'claimDecided'] as const satisfies readonly NotificationType[];

/** What a delivery on one channel has come to, as the console shows it. */
export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The most of what a notification is about (a project's title, a person's name) that a push's title
 * and an SMS's first line carry (issue 55): an SMS notice is at most two segments, and a title with
 * an accent is sent in UCS-2 (67 characters a segment), with the link in the same message.
 */
export const NOTIFICATION_ABOUT_MAX = 30;

/** `text` in at most `max` characters: cut at a word, with '…', when longer. */
export function clipText(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
