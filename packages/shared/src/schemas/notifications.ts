import { z } from 'zod';
import { validation } from '../i18n/common.ts';

// The spec's four notification flags (§3 client profile: ImmediateNotification, newsletter,
// matchesNotification, specialOffersNotification), at /perfil/notificaciones and /profile/notificaciones.

export const NOTIFICATION_KINDS = ['immediate', 'newsletter', 'matches', 'specialOffers'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const flag = z.boolean({ error: validation.invalidValue });

/** PUT /api/me/notifications: all four flags. */
export const NotificationPreferencesSchema = z.object({ immediate: flag, newsletter: flag, matches: flag, specialOffers: flag }).meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesSavedSchema = z.object({ message: z.string(), preferences: NotificationPreferencesSchema });
