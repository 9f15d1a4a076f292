import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import { notificationChannels as tn } from '../i18n/notification-channels.ts';
import { DELIVERY_STATES, NOTIFICATION_TYPES, OUTSIDE_CHANNELS } from '../notification-channels.ts';

// The notification channels per type (issue 32, decision 038): GET/PUT /api/me/notification-channels
// and the preferences grid share this schema; the console's deliveries of a person.

const flag = z.boolean({ error: validation.invalidValue });

/** One type's outside channels: push, WhatsApp, SMS. */
export const TypeChannelsSchema = z.strictObject({ push: flag, whatsapp: flag, sms: flag }, { error: tn.errors.unknownChannel });

/** Every type's outside channels (a PUT may send only some types: the others keep their values). */
export const ChannelChoicesSchema = z.partialRecord(z.enum(NOTIFICATION_TYPES, { error: tn.errors.unknownType }), TypeChannelsSchema, { error: tn.errors.unknownType });

export const NotificationChannelsInputSchema = z
  .strictObject({ choices: ChannelChoicesSchema, quietHours: flag }, { error: validation.invalidValue })
  .meta({ id: 'NotificationChannelsUpdate' });
export type NotificationChannelsInput = z.infer<typeof NotificationChannelsInputSchema>;

export const NotificationChannelsSchema = z
  .object({
    /** Every type with its three outside channels (stored choice or default). */
    choices: z.record(z.enum(NOTIFICATION_TYPES), TypeChannelsSchema),
    quietHours: z.boolean(),
    /** Whether the person can be reached on each channel now (a push subscription, a verified number). */
    reachable: z.object({ push: z.boolean(), whatsapp: z.boolean(), sms: z.boolean() }),
  })
  .meta({ id: 'NotificationChannels' });
export type NotificationChannels = z.infer<typeof NotificationChannelsSchema>;

export const NotificationChannelsSavedSchema = z.object({ message: z.string(), channels: NotificationChannelsSchema });

/** GET /api/notifications/unsubscribe: the signed one-tap link. */
export const UnsubscribeQuerySchema = z.object({
  u: z.uuid(),
  c: z.enum(['email', ...OUTSIDE_CHANNELS]),
  s: z.string().min(10).max(200),
});

// ---- The console: a person's deliveries ----

export const DeliveriesQuerySchema = z.object({
  before: z.uuid({ error: validation.invalidValue }).optional(),
  limit: z.coerce
    .number({ error: validation.invalidValue })
    .int({ error: validation.invalidValue })
    .min(1, { error: validation.invalidValue })
    .max(100, { error: validation.invalidValue })
    .default(20),
});

export const DeliverySchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  channel: z.enum(OUTSIDE_CHANNELS),
  state: z.enum(DELIVERY_STATES),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveriesPageSchema = z.object({ items: z.array(DeliverySchema), hasMore: z.boolean() });
export type DeliveriesPage = z.infer<typeof DeliveriesPageSchema>;
