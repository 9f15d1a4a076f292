import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { contractorContact } from '@arreglaya/shared/i18n/contractor-contact';
import { type ChatMessage } from '@arreglaya/shared/schemas/chat';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { findOpenProjectTitle, findRequestAnswers, insertRequestAnswer, lockServiceRequest } from './service-requests.repository.ts';
import { ANSWER_SUBJECTS, conversationOf, toChatMessage, type ChatActor, type ChatDeps } from './chat.service.ts';

/**
 * The contractor accepts or rejects a client's service request (the mail's buttons land on
 * /perfil/mensajes?conversation=…&respond=…, which asks to confirm and calls this). The answer is
 * a message of the contractor's in the conversation, so the client reads it in the chat (and by
 * mail when away, like any message); a request is answered once (the request row is locked while
 * checking). Accepting a request about a project still open says what comes next, an offer with a
 * price on that project (the web links the answer to /proyectos/:id); it assigns nothing: hiring
 * needs a price, which the quote loop settles (decision 024).
 */
export async function respondToServiceRequest(deps: ChatDeps, actor: ChatActor, conversationId: string, messageId: string, response: 'accept' | 'reject'): Promise<ChatMessage> {
  const conversation = await conversationOf(deps.db, conversationId, actor.id);
  if (conversation.contractorId !== actor.id) throw new AppError('FORBIDDEN', tc.serviceRequest.onlyContractor);
  const row = await deps.db.transaction(async (tx) => {
    const request = await lockServiceRequest(tx, conversationId, messageId, conversation.clientId, contractorContact.emailTitle);
    if (!request) throw new AppError('NOT_FOUND', tc.serviceRequest.notFound);
    const answered = await findRequestAnswers(tx, conversationId, conversation.contractorId, [request], ANSWER_SUBJECTS);
    if (answered.size > 0) throw new AppError('CONFLICT', tc.serviceRequest.alreadyAnswered);
    const accepted = response === 'accept';
    const projectTitle = accepted && conversation.projectId ? await findOpenProjectTitle(tx, conversation.projectId) : undefined;
    const inserted = await insertRequestAnswer(tx, {
      conversationId,
      senderId: actor.id,
      subject: accepted ? tc.serviceRequest.acceptedSubject : tc.serviceRequest.rejectedSubject,
      body: !accepted ? tc.serviceRequest.rejectedText : projectTitle !== undefined ? tc.serviceRequest.acceptedForProjectText(projectTitle) : tc.serviceRequest.acceptedText,
    });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'service-request-answer',
      location: '/perfil/mensajes',
      details: { conversationId, requestId: messageId, messageId: inserted.id, response, projectId: conversation.projectId },
    });
    return inserted;
  });
  await deps.events.messageCreated(row, [conversation.clientId, conversation.contractorId], undefined, conversation.projectId);
  return toChatMessage(row, actor.id, conversation.projectId);
}
