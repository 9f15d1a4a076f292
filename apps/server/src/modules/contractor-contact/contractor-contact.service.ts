import { success, validation } from '@arreglaya/shared/i18n/common';
import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import type { ContactContext, ContactContractorSent } from '@arreglaya/shared/schemas/directory';
import type { z } from 'zod';
import type { ContactContractorSchema } from '@arreglaya/shared/schemas/directory';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../contact/visitor-message.ts';
import { findListedContractor } from '../directory/directory.service.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { wantsMail } from '../notifications/notifications.service.ts';
import { conversationOnCommit, findFirstName, findOwnOpenProject, insertMessage, listOpenProjects, upsertConversation } from './contractor-contact.repository.ts';
import { renderServiceRequestMail } from './service-request-mail.ts';

export interface ContractorContactDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

type ContactContractor = z.output<typeof ContactContractorSchema>;

async function requireContractor(db: Db, contractorId: string) {
  const contractor = await findListedContractor(db, contractorId);
  if (!contractor) throw new AppError('NOT_FOUND', t.contractorNotFound);
  return contractor;
}

/** What the contact modal offers a client: their own open projects, newest first. */
export async function getContactContext(deps: ContractorContactDeps, clientId: string, contractorId: string): Promise<ContactContext> {
  await requireContractor(deps.db, contractorId);
  return { projects: await listOpenProjects(deps.db, clientId) };
}

/**
 * A client's service request to a contractor (spec §2 Contact Contractor). In one transaction:
 * the conversation (client, contractor, project) is found or created and the message stored
 * for the chat to come; the e-mail is queued only if the contractor keeps immediate
 * notifications on. A project must be one of the client's own open projects.
 */
export async function contactContractor(
  deps: ContractorContactDeps,
  actor: Actor & { userId: string },
  contractorId: string,
  input: ContactContractor,
): Promise<ContactContractorSent> {
  const clientId = actor.userId;
  const sent = await deps.db.transaction(async (tx) => {
    const contractor = await findListedContractor(tx, contractorId);
    if (!contractor) throw new AppError('NOT_FOUND', t.contractorNotFound);
    const project = input.projectId ? await findOwnOpenProject(tx, clientId, input.projectId) : null;
    if (project === undefined) throw new AppError('VALIDATION', undefined, { projectId: validation.invalidOption });
    const conversationId = await upsertConversation(tx, { clientId, contractorId, projectId: project?.id ?? null });
    const messageId = await insertMessage(tx, { conversationId, senderId: clientId, subject: t.emailTitle, body: input.message });
    const mailed = await wantsMail(tx, contractorId, 'immediate');
    if (mailed) {
      const answerUrl = (respond: string) => `${deps.appUrl}/perfil/mensajes?conversation=${conversationId}&respond=${respond}`;
      const mail = renderServiceRequestMail({
        contractorFirstName: contractor.firstName,
        clientFirstName: await findFirstName(tx, clientId),
        message: input.message,
        project,
        acceptUrl: answerUrl('accept'),
        rejectUrl: answerUrl('reject'),
      });
      await deps.mailer.queue(tx, { to: contractor.email, template: 'service-request', ...mail });
    }
    await recordLogEntry(tx, {
      userId: clientId,
      sessionId: actor.sessionId,
      action: 'contractor-contact',
      location: `/contractors/${contractorId}`,
      details: { conversationId, messageId, projectId: project?.id ?? null, mailed },
    });
    return { conversationId, messageId, mailed };
  });
  if (sent.mailed) deps.mailer.kick();
  return { conversationId: sent.conversationId, messageId: sent.messageId, message: success.requestSent };
}

/**
 * `openConversation` deferred to the transaction's commit (db/deferred-writes.ts): a reference to
 * its id for other deferred writes (`postNoticeOnCommit`); null when `tx` does not defer writes.
 */
export function openConversationOnCommit(tx: DbOrTx, key: { clientId: string; contractorId: string; projectId: string | null }): SQL | null {
  const later = deferred(tx);
  return later ? conversationOnCommit(later, key) : null;
}

/** The conversation between a client and a contractor (about a project, or none), created if missing. */
export function openConversation(db: DbOrTx, key: { clientId: string; contractorId: string; projectId: string | null }): Promise<string> {
  return upsertConversation(db, key);
}
