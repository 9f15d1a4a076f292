import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Session } from '@arreglaya/shared/schemas/auth';
import { APP_ROUTE_PATTERNS } from '@arreglaya/shared/routes';
import { planActivity } from '../../server/src/demo/plan-projects.ts';
import { planPeople } from '../../server/src/demo/plan-people.ts';
import { DEMO_SEED, mulberry32, Rng } from '../../server/src/demo/random.ts';
import { DEMO_SIZE } from '../../server/src/demo/seed-demo.ts';
import { signIn, type TestAccount } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { lengthenLongMessage, LONG_MESSAGE_LENGTH, LONG_NAME, longConversation, type LongConversation } from './support/long-conversation.ts';

// Issue 31: no page scrolls sideways on a phone. Every route of the app (APP_ROUTE_PATTERNS, which
// the router must cover) is opened at 360 px, signed out and as each role, on the demo data, and
// measured there and at 320 and 414 px; the test names every route that is wider than the screen.
// The client's walk adds an open conversation with an unbroken 5,000-character message and a
// contractor whose first name is 100 letters without a space.

const ADMIN = { email: 'jefa.estrecha@ejemplo.do', password: 'Caoba-estrecha-Lluvia-7' };
const DEMO_PASSWORD = 'demo-arreglaya';
const WIDTHS = [360, 320, 414] as const;
const HEIGHT = 740;

const test = testWithOwnServer({ DEMO_DATA: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
// A made-up offer link (404) or invitation token (400) is refused by the API: the page's own 'Este enlace no es válido' view.
// (One pattern: Playwright reads a two-element array as [value, options].)
test.use({ allowedErrors: [/\/api\/(quote-links|invitations)\//] });

type Role = 'visitor' | 'client' | 'contractor' | 'sysadmin';

/** The demo's one project under a claim (the seed follows the same plan): its client and contractor see the most there is. */
function demoCast(): { client: TestAccount; contractor: TestAccount; projectId: string } {
  const rng = new Rng(mulberry32(DEMO_SEED));
  const now = new Date();
  const { contractors, clients } = planPeople(rng, now, DEMO_SIZE.clients);
  const { projects } = planActivity(rng, now, contractors, clients, DEMO_SIZE);
  const disputed = projects.find((p) => p.status === 'disputed');
  const client = clients.find((c) => c.user.id === disputed?.clientId)?.user;
  const contractor = contractors.find((c) => c.user.id === disputed?.contractorId)?.user;
  if (!disputed?.id || !client || !contractor) throw new Error('The demo plan has no project under a claim');
  const account = (role: TestAccount['role'], u: typeof client): TestAccount => ({
    role,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    email: u.email,
    password: DEMO_PASSWORD,
  });
  return { client: account('client', client), contractor: account('contractor', contractor), projectId: disputed.id };
}

/** The concrete paths of every route, with real ids of the demo (and a made-up offer link). */
function pathsFor(ids: { projectId: string; contractorId: string; personId: string }): string[] {
  const values: Record<string, string> = { ':id': ids.projectId, ':projectId': ids.projectId, ':token': randomUUID() };
  return APP_ROUTE_PATTERNS.map((pattern) => {
    if (pattern === '/contractors/:id') return `/contractors/${ids.contractorId}`;
    if (pattern === '/admin/personas/:id') return `/admin/personas/${ids.personId}`;
    return pattern.replace(/:[A-Za-z]+/g, (param) => values[param] ?? param);
  });
}

/** Resolves once the page has shown its content: a heading (or the sign-in dialog), and no spinner left. */
async function settled(page: Page, path: string): Promise<void> {
  const shown = page.waitForFunction(() => {
    const content = document.querySelector('main h1, [role="dialog"] h2, [role="dialog"] h1');
    const spinning = [...document.querySelectorAll('.spinner-wheel')].some((s) => s.getClientRects().length > 0);
    return content !== null && !spinning;
  });
  await shown.catch((error: unknown) => {
    throw new Error(`${path} did not finish loading: ${String(error)}`);
  });
}

/**
 * The widths at which the page is wider than the screen, each with its width. Parts a page marks
 * to be laid out only near the viewport (content-visibility: auto) are laid out first, so a wide
 * part below the fold counts too.
 */
async function overflowAt(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const measured = await page.evaluate(async () => {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const { scrollWidth } = document.documentElement;
      const innerWidth = window.innerWidth;
      // The innermost elements reaching past the right edge: what to fix.
      const past = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5);
      const culprits = past
        .filter((el) => !past.some((other) => other !== el && el.contains(other)))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      return { scrollWidth, innerWidth, culprits };
    });
    if (measured.scrollWidth > measured.innerWidth) found.push(`${measured.innerWidth} px: ${measured.scrollWidth} px wide; ${measured.culprits.join(' | ')}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  return found;
}

/**
 * Opens each path as the app does when a link is followed (the router's history and a popstate):
 * one page load, one chat socket for the whole walk (the server allows 30 socket upgrades a
 * minute per person), and the pages' code loaded once.
 */
async function walk(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  await page.goto('/');
  for (const path of paths) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The router renders its loading state within two frames; settled() then waits for the page (or where it redirected).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settled(page, path);
    for (const problem of await overflowAt(page)) wide.push(`${path} (${problem})`);
  }
  return wide;
}

let cast: ReturnType<typeof demoCast>;
let paths: string[];
let conversation: LongConversation;

/** The signed-in person's id, asked as they would (a session of its own). */
async function idOf(baseURL: string, account: TestAccount): Promise<string> {
  const api = await apiAs(baseURL, account);
  try {
    return ((await (await api.get('/api/auth/session')).json()) as Session).user!.id;
  } finally {
    await api.dispose();
  }
}

test.beforeAll(async ({ ownServer }) => {
  cast = demoCast();
  const ids = { projectId: cast.projectId, contractorId: await idOf(ownServer.baseURL, cast.contractor), personId: await idOf(ownServer.baseURL, cast.client) };
  // Signing out ends the walk's session: it comes last.
  paths = pathsFor(ids).sort((x, y) => Number(x === '/signout') - Number(y === '/signout'));
  conversation = await longConversation(ownServer.baseURL, ownServer.mailbox, cast.client);
});

test.use({ viewport: { width: WIDTHS[0], height: HEIGHT } });

const roles: Role[] = ['visitor', 'client', 'contractor', 'sysadmin'];
for (const role of roles) {
  test(`every route at 320–414 px without sideways scroll: ${role}`, async ({ page }) => {
    test.setTimeout(240_000);
    if (role === 'client') await signIn(page, cast.client);
    if (role === 'contractor') await signIn(page, cast.contractor);
    if (role === 'sysadmin') await signIn(page, ADMIN);
    const extra: string[] = [];
    if (role === 'client') {
      await lengthenLongMessage(page, conversation);
      extra.push(`/perfil/mensajes?conversation=${conversation.conversationId}`);
      // What is measured there: the 5,000 characters and the 150-letter name.
      await page.goto(extra[0]!);
      await expect(page.getByRole('log').getByText('a'.repeat(LONG_MESSAGE_LENGTH), { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: LONG_NAME })).toBeVisible();
    }
    const wide = await walk(page, [...extra, ...paths]);
    expect(wide, `pages wider than the screen (${role})`).toEqual([]);
  });
}
