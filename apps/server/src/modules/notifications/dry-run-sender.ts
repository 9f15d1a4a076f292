import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import { sql } from 'drizzle-orm';
import type { ChannelSender } from './channel-sender.ts';

/**
 * A channel that reaches everyone and sends nothing: each delivery is recorded as sent, with no
 * provider (NOTIFICATION_DRY_RUN_CHANNELS: staging, and bench:alerts's fan-out; decision 038).
 */
export function dryRunSender(channel: OutsideChannel): ChannelSender {
  return {
    channel,
    reachable: () => Promise.resolve(true),
    reachableWhere: () => sql`true`,
    send: () => Promise.resolve({ state: 'sent' }),
  };
}
