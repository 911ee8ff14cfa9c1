// The quote wizard's photo upload in a browser, on a phone's screen: a photo whose answer is lost
// on the way back is sent again with the same Idempotency-Key and the server answers the repeat
// with the first answer (one photo, stored once); a photo on its way up can be stopped with a
// 44 px Cancel button, and nothing is added.
import { type Page, type Request } from '@playwright/test';
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
