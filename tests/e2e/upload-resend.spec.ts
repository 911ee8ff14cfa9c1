// The quote wizard's photo upload in a browser, on a phone's screen: a photo whose answer is lost
// on the way back is sent again with the same Idempotency-Key and the server answers the repeat
// with the first answer (one photo, stored once); a photo on its way up can be stopped with a
// 44 px Cancel button, and nothing is added; one cancelled once all of it has gone up is deleted
// again when the server answers that it stored it.
import { type Page, type Request, type Response } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { hydrated } from '../helpers/islands.ts';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ viewport: { width: 390, height: 844 } });

async function stepTwo(page: Page): Promise<void> {
  await page.goto('/quote-request');
  await hydrated(page, 'QuoteWizard');
  await page.getByRole('radio', { name: 'Plumbing' }).check();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
}

const isUpload = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads';
const isUploadAnswer = (response: Response) => isUpload(response.request()) && response.status() === 201;

test('a photo whose answer is lost is sent again with the same key and stored once', async ({ page }) => {
  await stepTwo(page);
  const keys: (string | null)[] = [];
  const replayed: (string | null)[] = [];
  let lost = false;
  await page.route('**/api/uploads', async (route) => {
    if (!isUpload(route.request())) return route.fallback();
    keys.push(await route.request().headerValue('idempotency-key'));
    // The server gets the first try and answers it; the answer is lost on its way back.
    const answer = await route.fetch();
    replayed.push(answer.headers()['idempotent-replayed'] ?? null);
    if (!lost) {
      lost = true;
      return route.abort('connectionreset');
    }
    return route.fulfill({ response: answer });
  });
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Project photo 1' })).toBeVisible();
  await expect(page.getByText('1 of 5 photos added.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Project photo 2' })).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(replayed).toEqual([null, 'true']);
});

test('a photo on its way up can be stopped, and nothing is added', async ({ page }) => {
  await stepTwo(page);
  // The upload is held on its way, as on a slow connection.
  await page.route('**/api/uploads', (route) => (isUpload(route.request()) ? undefined : route.fallback()));
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('progressbar', { name: 'Uploading sink.png' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Uploading sink\.png… \d+%$/ })).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel uploading sink.png' });
  const box = (await cancel.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  await cancel.click();
  await expect(page.getByRole('progressbar', { name: 'Uploading sink.png' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Project photo 1' })).toHaveCount(0);
  await expect(page.getByText('Upload failed')).toHaveCount(0);
  await expect(page.getByLabel(/^Photos/)).toBeFocused();
  await expect(page.getByLabel(/^Photos/)).toBeEnabled();
});

test('a photo cancelled once all of it has gone up is deleted again when the server stores it', async ({
  page,
}) => {
  await stepTwo(page);
  // A slow connection: every answer takes 3 s to come back, so the photo's bytes are all gone
  // up (100%) well before the server's answer is.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 3000,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const answered = page.waitForResponse(isUploadAnswer, { timeout: 10_000 });
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Uploading sink.png… 100%' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel uploading sink.png' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading sink.png' })).toHaveCount(0);
  await expect(page.getByLabel(/^Photos/)).toBeFocused();

  // The server stored it; once its answer arrives the photo is deleted, and never shown.
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/uploads',
  );
  const stored = ((await (await answered).json()) as { url: string }).url;
  const removal = await deleted;
  expect(removal.status()).toBe(200);
  expect(new URL(removal.url()).searchParams.get('url')).toBe(stored);
  await expect(page.getByRole('img', { name: 'Project photo 1' })).toHaveCount(0);
  await expect(page.getByText('Upload failed')).toHaveCount(0);
});
