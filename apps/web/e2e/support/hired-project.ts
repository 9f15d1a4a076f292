import { offerTerms } from './offer-terms.ts';
import { expect, type APIRequestContext } from '@playwright/test';
import { todayIn, type ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { type Offer } from '@arreglaya/shared/schemas/quotes';
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

export type OpenProject = Omit<HiredProject, 'contractorId'>;

/** Where a project is, when not in Santo Domingo: a city of Colombia or Mexico (countries.ts), which have no zones. */
export interface ProjectPlace {
  country: 'CO' | 'MX';
  city: string;
}

/**
 * A new client and a new listed contractor, through the API as the app's own pages would: the
 * client posts a plumbing project in Santo Domingo (or `place`), still open (no offer yet); each
 * person has a signed-in API client.
 */
export async function openProject(baseURL: string, mailbox: Mailbox, project: { title: string; description: string; place?: ProjectPlace }): Promise<OpenProject> {
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
      startDate: todayIn(project.place?.country ?? 'DO'),
      ...(project.place ? { country: project.place.country, city: project.place.city, zone: null } : { city: 'santo-domingo', zone: 'DN' }),
      street: 'Calle El Conde 105',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { project: ProjectDetail }).project.id;
  return { client, contractor, clientApi, contractorApi, projectId };
}

/**
 * openProject, then the contractor offers `priceMinor` and the client accepts. The project is then
 * `assigned` (not funded).
 */
export async function hiredProject(
  baseURL: string,
  mailbox: Mailbox,
  project: { title: string; description: string; priceMinor: number; offer: string; place?: ProjectPlace },
): Promise<HiredProject> {
  const open = await openProject(baseURL, mailbox, project);
  const { clientApi, contractorApi, projectId } = open;
  expect((await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: project.priceMinor, description: project.offer } })).status()).toBe(
    201,
  );
  const offers = (await (await clientApi.get(`/api/projects/${projectId}/quotes`)).json()) as { items: Offer[] };
  expect((await clientApi.post(`/api/quotes/${offers.items[0]!.id}/accept`, { data: {} })).status()).toBe(200);
  return { ...open, contractorId: offers.items[0]!.contractor.id };
}

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/**
 * The client funds what is due now (the price, or the plan's next stage) with the sandbox's
 * always-approved Visa, tokenized as the browser does: since issue 29 the work starts only once
 * the money to begin is held, and delivery once every stage is.
 */
export async function fundHire(clientApi: APIRequestContext, projectId: string, attempt = 'e2e'): Promise<void> {
  const token = await clientApi.post('/sandbox-processor/v1/tokens', { data: { number: '4242 4242 4242 4242', cvc: '123', expMonth: 12, expYear: NEXT_YEAR } });
  expect(token.status(), await token.text()).toBe(201);
  const funded = await clientApi.post(`/api/projects/${projectId}/fund`, {
    data: { token: ((await token.json()) as { id: string }).id },
    headers: { 'idempotency-key': `${attempt}-fund-${projectId}`.slice(0, 60) },
  });
  expect(funded.status(), await funded.text()).toBe(200);
}
