import { expect, type APIRequestContext } from '@playwright/test';
import { todayIn, type Offer, type ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { completeContractorProfile, createConfirmedAccount, type TestAccount } from './accounts.ts';
import { apiAs } from './api.ts';
import type { Mailbox } from './fixtures.ts';

export interface HiredProject {
  client: TestAccount;
  contractor: TestAccount;
  clientApi: APIRequestContext;
  contractorApi: APIRequestContext;
  projectId: string;
  contractorId: string;
}

/**
 * A new client and a new listed contractor, through the API as the app's own pages would: the
 * client posts a plumbing project in Santo Domingo, the contractor offers `priceMinor`, the client
 * accepts. The project is then `assigned` (not funded) and each person has a signed-in API client.
 */
export async function hiredProject(baseURL: string, mailbox: Mailbox, project: { title: string; description: string; priceMinor: number; offer: string }): Promise<HiredProject> {
  const client = await createConfirmedAccount(baseURL, mailbox, 'client');
  const contractor = await createConfirmedAccount(baseURL, mailbox, 'contractor');
  await completeContractorProfile(baseURL, contractor);
  const clientApi = await apiAs(baseURL, client);
  const contractorApi = await apiAs(baseURL, contractor);
  const created = await clientApi.post('/api/projects', {
    data: {
      services: ['plomeria'],
      title: project.title,
      propertyType: 'casa',
      description: project.description,
      startDate: todayIn('DO'),
      city: 'santo-domingo',
      zone: 'DN',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { project: ProjectDetail }).project.id;
  expect((await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { priceMinor: project.priceMinor, description: project.offer } })).status()).toBe(201);
  const offers = (await (await clientApi.get(`/api/projects/${projectId}/quotes`)).json()) as { items: Offer[] };
  expect((await clientApi.post(`/api/quotes/${offers.items[0]!.id}/accept`, { data: {} })).status()).toBe(200);
  return { client, contractor, clientApi, contractorApi, projectId, contractorId: offers.items[0]!.contractor.id };
}
