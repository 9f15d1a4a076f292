import type { Db, Tx } from '../../db/client.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mayMailTypedAddress } from '../mail/third-party.ts';

/** Who sent a form: a signed-in person or a visitor (null). */
export interface Actor {
  userId: string | null;
  sessionId: string | null;
}

export interface VisitorMessageDeps {
  db: Db;
  mailer: Mailer;
  teamInbox: string;
}

/** One message to the team from a visitor form (contact page, quick booking, store application). */
export interface VisitorMessage {
  /** Stores the record; returns its id (shown to the team as the reference). */
  insert(tx: Tx): Promise<string>;
  team: { subject: string; title: string; lines: string[]; template: string };
  /**
   * To the address the visitor typed, which may be anyone's: its text is ours alone, from the
   * catalogue, with no field the visitor filled in (no name, no comment, no link); left out
   * when that address has had its day's share (mayMailTypedAddress).
   */
  ack: { to: string; subject: string; title: string; text: string; template: string };
  log: { action: string; location: string; details?: (id: string) => Record<string, unknown> };
}

/**
 * The rule every visitor form follows: store the record, mail it to the team inbox, send the
 * person an acknowledgement and write the log trail, all in one transaction (the mails leave
 * only if the record was stored); then wake the mail delivery.
 */
export async function recordVisitorMessage(deps: VisitorMessageDeps, msg: VisitorMessage, actor: Actor): Promise<{ id: string }> {
  const id = await deps.db.transaction(async (tx) => {
    const id = await msg.insert(tx);
    const team = renderMail({ title: msg.team.title, paragraphs: msg.team.lines, footer: `Referencia: ${id}` });
    await deps.mailer.queue(tx, { to: deps.teamInbox, subject: msg.team.subject, template: msg.team.template, ...team });
    if (await mayMailTypedAddress(tx, msg.ack.to)) {
      const ack = renderMail({ title: msg.ack.title, paragraphs: [msg.ack.text] });
      await deps.mailer.queue(tx, { to: msg.ack.to, subject: msg.ack.subject, template: msg.ack.template, ...ack });
    }
    await recordLogEntry(tx, { userId: actor.userId, sessionId: actor.sessionId, action: msg.log.action, location: msg.log.location, details: msg.log.details?.(id) });
    return id;
  });
  deps.mailer.kick();
  return { id };
}
