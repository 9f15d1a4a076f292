import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { photos as tph } from '@arreglaya/shared/i18n/photos';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { portfolioPage } from '@arreglaya/shared/i18n/quotes-web';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES } from '@arreglaya/shared/schemas/profile';
import { completeContractorProfile, createConfirmedAccount, type TestAccount } from './support/accounts.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';

// Decision 073 in a browser at 360 px: a camera photo leaves the phone at 1,600 px and under
// 300 KB; the public page shows the portfolio from its WebP widths; with Save-Data the portfolio
// photo waits for a tap that says what it costs.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.describe.configure({ mode: 'serial' });

const TITLE = 'Baño remodelado en Piantini';
let contractor: TestAccount;
let contractorId: string;
let coverId: string;

/** A 4000 × 3000 camera-like JPEG made here: shapes with edges and sensor-like noise, several MB. */
async function cameraPhoto(width = 4000, height = 3000): Promise<Buffer> {
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shapes = Array.from({ length: 300 }, () => {
    const colour = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    return `<circle cx="${rnd() * width}" cy="${rnd() * height}" r="${20 + rnd() * 300}" fill="${colour}"/>`;
  });
  const scene = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#8a7f70"/>${shapes.join('')}</svg>`),
  )
    .png()
    .toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function signInPage(page: Page, account: TestAccount): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password }, headers: HEADERS });
  expect(res.status()).toBe(200);
}

/** Says on this phone what navigator.connection says on a prepaid line, Save-Data on or off. */
async function onLine(page: Page, saveData: boolean): Promise<void> {
  await page.addInitScript((s) => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g', saveData: s, downlink: 1, rtt: 400 } });
  }, saveData);
}

interface Upload {
  type: string;
  bytes: number;
  width: number;
  height: number;
}

/** Records, in the page, the file each multipart upload carries: its type, bytes and pixel size. */
async function watchUploads(page: Page): Promise<() => Promise<Upload[]>> {
  await page.addInitScript(() => {
    const seen: Promise<Upload>[] = [];
    (window as unknown as { __uploads: typeof seen }).__uploads = seen;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const photo = body instanceof FormData ? body.get('photo') : null;
      if (photo instanceof Blob) seen.push(createImageBitmap(photo).then((b) => ({ type: photo.type, bytes: photo.size, width: b.width, height: b.height })));
      return send.call(this, body);
    };
  });
  return () => page.evaluate(() => Promise.all((window as unknown as { __uploads: Promise<Upload>[] }).__uploads));
}

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

test('a 12-megapixel photo leaves the phone at 1,600 px and under 300 KB; the server keeps its widths', async ({ page }) => {
  test.setTimeout(120_000);
  contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  await page.setViewportSize({ width: 360, height: 780 });
  const uploads = await watchUploads(page);
  await signInPage(page, contractor);
  await page.goto('/profile/nuevoproyecto');
  const main = page.getByRole('main');
  await main.getByLabel(portfolioPage.title, { exact: true }).fill(TITLE);
  await main.getByLabel(portfolioPage.description, { exact: true }).fill('Tuberías nuevas, lavamanos y ducha.');
  await main.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
  await main.getByLabel(portfolioPage.completedOn).fill(dayFromToday(-30));
  await main.getByRole('button', { name: portfolioPage.save }).click();
  await expect(page.getByTestId('message-box')).toContainText(tp.portfolio.saved);

  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(2_000_000);
  await main.getByLabel(portfolioPage.addPhoto).setInputFiles({ name: 'bano.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('message-box')).toContainText(tp.photoAdded);
  // What the request carried (Playwright reports no size for a body built from a Blob, so the page
  // reads the file it sends): a JPEG of 1,600 × 1,200 under 300 KB, not the camera's 4000 × 3000.
  const [upload] = await uploads();
  expect(upload).toMatchObject({ type: 'image/jpeg', width: PHOTO_MAX_EDGE, height: 1200 });
  expect(upload!.bytes).toBeGreaterThan(30_000);
  expect(upload!.bytes).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);

  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  contractorId = session.user.id;
  const portfolio = (await (await page.request.get(`/api/contractors/${contractorId}/portfolio`)).json()) as { items: { coverPhotoId: string | null }[] };
  coverId = portfolio.items[0]!.coverPhotoId!;
  // Stored from a 1,600 × 1,200 upload: its 1280 width is 1280 × 960, WebP.
  const full = await page.request.get(`/api/photos/${coverId}?w=1280`);
  expect(full.headers()['content-type']).toBe('image/webp');
  expect(await sharp(await full.body()).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 960 });
});

test('the public page shows the portfolio from a WebP width at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await onLine(page, false);
  const webp: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes(`/api/photos/${coverId}`) && res.headers()['content-type'] === 'image/webp') webp.push(res.url());
  });
  await page.goto(`/contractors/${contractorId}`);
  const section = page.getByRole('region', { name: portfolioPage.sectionTitle });
  const img = section.getByRole('img', { name: portfolioPage.photoAlt(TITLE, 1) });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // A 360 px phone's full-width photo: the 640 (at 1× it could be 320 or 640; never the JPEG, never 1280).
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\?w=(320|640)$/);
  expect(webp.length).toBeGreaterThan(0);
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, 'contractor page, 360 px');
});

test('with Save-Data the portfolio photo waits for a tap that says its weight, and loads only then', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await onLine(page, true);
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`/api/photos/${coverId}`) && req.method() === 'GET') fetched.push(req.url());
  });
  await page.goto(`/contractors/${contractorId}`);
  const section = page.getByRole('region', { name: portfolioPage.sectionTitle });
  const button = section.getByRole('button', { name: new RegExp(`^${tph.showUnknown} \\(\\d+\\s?kB\\)`) });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  await expect(section.getByRole('img', { name: portfolioPage.photoAlt(TITLE, 1) })).toHaveCount(0);
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, 'contractor page with Save-Data, 360 px');
  expect(fetched).toEqual([]);

  await button.click();
  const img = section.getByRole('img', { name: portfolioPage.photoAlt(TITLE, 1) });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  expect(fetched).toHaveLength(1);
  expect(fetched[0]).toMatch(/\?w=(320|640|1280)$/);
});
