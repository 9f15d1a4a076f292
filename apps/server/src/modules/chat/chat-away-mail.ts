import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { voiceNotes } from '@arreglaya/shared/i18n/voice-notes';
import type { Db } from '../../db/client.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import type { NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import { wantsMail } from '../notifications/notifications.service.ts';
import { projectTitle } from '../projects/project-title.ts';
import { claimAwayMessages, findPersonForMail, type AwayMessage } from './chat-away-mail.repository.ts';
import { firstNameAndInitial, fundedHires } from './chat.service.ts';

/** A message no socket of its recipient received for this long becomes an e-mail (issue 15 item 5). */
export const CHAT_AWAY_MS = 5 * 60_000;
const PREVIEW_CHARS = 300;

export interface AwayMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: { warn(obj: object, msg: string): void };
  awayMs?: number;
  /** The outside channels (decision 038). */
  notifications?: NotificationDispatcher;
}

/**
 * One sweep: claims the messages still undelivered after `awayMs` (their recipient had no open
 * socket: a socket that receives one marks it delivered) and queues one mail per conversation
 * and recipient, naming how many arrived and showing the last, with a link back to the
 * conversation. A recipient who turned immediate notifications off gets none (the messages are
 * claimed all the same, so they are not mailed later). The same goes to the outside channels the
 * person chose (decision 038). Returns the number of mails queued.
 */
export async function sendAwayMail(deps: AwayMailDeps): Promise<number> {
  let told = false;
  const queued = await deps.db.transaction(async (tx) => {
    const claimed = await claimAwayMessages(tx, deps.awayMs ?? CHAT_AWAY_MS);
    const groups = new Map<string, AwayMessage[]>();
    for (const m of claimed) {
      const key = `${m.conversationId}:${m.recipientId}`;
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    let n = 0;
    for (const group of groups.values()) {
      const last = group.at(-1)!;
      const mailed = await wantsMail(tx, last.recipientId, 'immediate');
      if (!mailed && !deps.notifications) continue;
      const [recipient, sender] = await Promise.all([findPersonForMail(tx, last.recipientId), findPersonForMail(tx, last.senderId)]);
      if (!recipient || !sender) continue;
      // A client is "Yolanda A." to a contractor until hired on the conversation's project with the money to begin held (issue 30).
      const fullName = !last.toContractor || (last.projectId !== null && (await fundedHires(tx, last.recipientId, [last.projectId])).has(last.projectId));
      const senderName = fullName ? sender.name : firstNameAndInitial(sender.firstName, sender.lastName);
      const url = `${deps.appUrl}/perfil/mensajes?conversation=${last.conversationId}`;
      // The outside channels the person chose (decision 038), once per last message.
      if (deps.notifications) {
        // WhatsApp's messageWhileAway template: who wrote, about which project, the link.
        const project = last.projectId ? await projectTitle(tx, last.projectId) : null;
        const about = project ?? tn.awayNoProject;
        await deps.notifications.queue(tx, {
          userId: last.recipientId,
          type: 'messageWhileAway',
          // Names the project, or the person when the conversation has none (issue 55).
          body: tn.awayBody(senderName, group.length, project),
          about: project ?? senderName,
          templateParams: [senderName, about, url],
          url,
          sourceKey: `away:${last.id}`,
          chatPair: last.toContractor
            ? { clientId: last.senderId, contractorId: last.recipientId, projectId: last.projectId }
            : { clientId: last.recipientId, contractorId: last.senderId, projectId: last.projectId },
        });
      }
      told = true;
      if (!mailed) continue;
      const preview =
        last.type === 'image'
          ? tc.awayMail.photo
          : last.type === 'voice'
            ? voiceNotes.awayMail
            : last.body.length > PREVIEW_CHARS
              ? `${last.body.slice(0, PREVIEW_CHARS)}…`
              : last.body;
      const mail = renderMail({
        title: tc.awayMail.title,
        paragraphs: [tc.awayMail.greeting(recipient.firstName), tc.awayMail.intro(senderName, group.length), preview],
        actions: [{ label: tc.awayMail.open, url }],
        footer: tc.awayMail.footer,
      });
      await deps.mailer.queue(tx, { to: recipient.email, template: 'chat-away', subject: tc.awayMail.subject(senderName), ...mail });
      n += 1;
    }
    return n;
  });
  // The kick also wakes the outside channels' delivery (app.ts).
  if (queued > 0 || told) deps.mailer.kick();
  return queued;
}

/** Runs the sweep every `everyMs` (a minute by default); stop() ends it. */
export function startAwayMail(deps: AwayMailDeps, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendAwayMail(deps)
      .catch((err: unknown) => deps.log.warn({ err }, 'chat: away mail failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
