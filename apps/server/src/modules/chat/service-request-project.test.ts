import { chat } from '@arreglaya/shared/i18n/chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { person, postProject, projectStatus, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// A service request about one of the client's projects, accepted in the chat: the answer says
// what comes next (an offer with a price on that project) and assigns nothing (decision 024).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function requestService(client: Person, contractor: Person, projectId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/contractors/${contractor.id}/contact`,
    headers: client.headers,
    payload: { message: 'Necesito cambiar la llave del baño.', ...(projectId ? { projectId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const conversationId = res.json().conversationId as string;
  const history = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: contractor.headers });
  const request = (history.json().messages as { id: string; serviceRequest: string | null }[]).find((m) => m.serviceRequest === 'pending')!;
  return { conversationId, requestId: request.id };
}

const respond = (who: Person, conversationId: string, messageId: string, response: 'accept' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/messages/${messageId}/respond`, headers: who.headers, payload: { response } });

describe('a service request about a project, accepted', () => {
  it('tells the client an offer on that project comes next, links the project, and leaves the project open and unassigned', async () => {
    const client = await person(t, 'client', 'Lucía');
    const contractor = await person(t, 'contractor', 'Andrés');
    const projectId = await postProject(t, client, { title: 'Cambiar llave del baño' });
    const { conversationId, requestId } = await requestService(client, contractor, projectId);

    const res = await respond(contractor, conversationId, requestId, 'accept');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatchObject({
      subject: chat.serviceRequest.acceptedSubject,
      text: chat.serviceRequest.acceptedForProjectText('Cambiar llave del baño'),
      projectId,
    });
    // The client reads it in the conversation, with the project to act on.
    const seen = (await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: client.headers })).json().messages;
    expect(seen.at(-1)).toMatchObject({ mine: false, subject: chat.serviceRequest.acceptedSubject, projectId, text: expect.stringContaining('«Cambiar llave del baño»') });
    // Hiring needs a price: the project is still open, nobody assigned.
    expect(await projectStatus(t, projectId)).toMatchObject({ status: 'created', contractorId: null });
  });

  it('a request without a project, or about a project no longer open, gets the plain acceptance', async () => {
    const client = await person(t, 'client', 'Rosa');
    const contractor = await person(t, 'contractor', 'Elías');
    const plain = await requestService(client, contractor);
    expect((await respond(contractor, plain.conversationId, plain.requestId, 'accept')).json().message.text).toBe(chat.serviceRequest.acceptedText);

    const projectId = await postProject(t, client, { title: 'Pintar la sala' });
    const about = await requestService(client, contractor, projectId);
    // Another contractor was hired meanwhile: the project is no longer open for offers.
    await t.db.update(projects).set({ status: 'assigned' }).where(eq(projects.id, projectId));
    expect((await respond(contractor, about.conversationId, about.requestId, 'accept')).json().message.text).toBe(chat.serviceRequest.acceptedText);
  });
});
