import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { CHAT_TEXT_MAX, type ChatMessage } from '@arreglaya/shared/schemas/chat';
import { NAME_MAX } from '@arreglaya/shared/schemas/profile';
import { completeContractorProfile, createConfirmedAccount, type TestAccount } from './accounts.ts';
import { apiAs } from './api.ts';
import type { Mailbox } from './fixtures.ts';

/** Issue 31's worst case: one unbroken message of 5,000 characters. */
export const LONG_MESSAGE_LENGTH = 5000;
/** A first name of NAME_MAX letters and no space. */
const LONG_FIRST_NAME = 'Reparaciones'.repeat(10).slice(0, NAME_MAX);
/** The name the client sees for the contractor: their full name, NAME_MAX letters without a space and a surname. */
export const LONG_NAME = `${LONG_FIRST_NAME} Báez`;
/** A link far longer than a phone's width, in a sentence. */
export const LONG_LINK_TEXT = `Mira esto: https://www.ejemplo.do/${'catalogo/'.repeat(30)}grifo-monomando`;

export interface LongConversation {
  client: TestAccount;
  contractor: TestAccount;
  conversationId: string;
  /** The text of the contractor's longest message as the server stores it (CHAT_TEXT_MAX, unbroken). */
  storedLongText: string;
}

/**
 * `client` (a new one by default) and a new contractor named LONG_NAME, in a conversation (the
 * contact modal's request) where the contractor sent an unbroken message of CHAT_TEXT_MAX
 * characters and a long link, through the API.
 */
export async function longConversation(baseURL: string, mailbox: Mailbox, existingClient?: TestAccount): Promise<LongConversation> {
  const client = existingClient ?? (await createConfirmedAccount(baseURL, mailbox, 'client'));
  const contractor = await createConfirmedAccount(baseURL, mailbox, 'contractor');
  await completeContractorProfile(baseURL, contractor, { firstName: LONG_FIRST_NAME, lastName: 'Báez' });
  const clientApi = await apiAs(baseURL, client);
  const contractorApi = await apiAs(baseURL, contractor);
  try {
    const contractorId = ((await (await contractorApi.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
    const contact = await clientApi.post(`/api/contractors/${contractorId}/contact`, { data: { message: 'Tengo una fuga debajo del fregadero.' } });
    expect(contact.status(), await contact.text()).toBe(201);
    const { conversationId } = (await contact.json()) as { conversationId: string };
    const storedLongText = 'a'.repeat(CHAT_TEXT_MAX);
    for (const text of [storedLongText, LONG_LINK_TEXT]) {
      const sent = await contractorApi.post(`/api/conversations/${conversationId}/messages`, { data: { text } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    return { client, contractor, conversationId, storedLongText };
  } finally {
    await clientApi.dispose();
    await contractorApi.dispose();
  }
}

/**
 * The server refuses messages above CHAT_TEXT_MAX, so the 5,000-character message reaches
 * the page by lengthening the stored one in the history's answer (the only response changed).
 */
export async function lengthenLongMessage(page: Page, conversation: LongConversation): Promise<void> {
  await page.route(`**/api/conversations/${conversation.conversationId}/messages*`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { messages: ChatMessage[]; hasMore: boolean };
    for (const m of body.messages) if (m.text === conversation.storedLongText) m.text = 'a'.repeat(LONG_MESSAGE_LENGTH);
    await route.fulfill({ response, json: body });
  });
}
