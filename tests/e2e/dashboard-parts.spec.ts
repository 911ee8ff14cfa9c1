// The dashboard's Profile and Payments tabs and its analytics panel, for the demo contractor;
// and the public profile's beacons, counted in that contractor's analytics.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PROFILE_MESSAGES } from '../../src/domain/profile-rules.ts';
import { BEACON_PATH } from '../../src/domain/analytics-rules.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { expect, test } from '../helpers/test.ts';

async function signInAsContractor(page: Page): Promise<void> {
  await signInAs(page, 'contractor', test.info().project.use.baseURL!);
}

async function openParts(page: Page, tab: 'profile' | 'payments' = 'profile'): Promise<void> {
  await page.goto(`/dashboard?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab === 'profile' ? 'Profile' : 'Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The tabs are in the server's HTML: a click before the island hydrates would go unheard.
  await hydrated(page, 'Dashboard');
  if (tab === 'profile') await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the profile saves, and a reload shows what was saved', async ({ page }) => {
  await signInAsContractor(page);
  await openParts(page);
  const tagline = page.getByLabel('Tagline');
  const original = await tagline.inputValue();
  const zips = page.getByLabel('Service ZIP codes');
  const originalZips = await zips.inputValue();

  // A wrong value: its own message, and everything typed stays.
  await tagline.fill('Fast, tidy and fairly priced');
  await zips.fill('45402, 9021');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Each service ZIP code must be 5 digits')).toBeVisible();
  await expect(tagline).toHaveValue('Fast, tidy and fairly priced');

  // A ZIP outside our area: only the server knows, and its message lands on the field.
  await zips.fill('45402, 90210');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText(/Not in our service area: 90210/).first()).toBeVisible();
  await expect(tagline).toHaveValue('Fast, tidy and fairly priced');

  await zips.fill('45402, 45409');
  await page.getByLabel('Closed on Saturday').uncheck();
  await page.getByLabel('Saturday opens').fill('09:00');
  await page.getByLabel('Saturday closes').fill('13:00');
  await page.getByLabel('Response time').selectOption({ label: 'Within 4 hours' });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Profile saved\. \d+ changes? (is|are) on the way to your public profile/ }),
  ).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.publishNote).first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Tagline')).toHaveValue('Fast, tidy and fairly priced');
  await expect(page.getByLabel('Service ZIP codes')).toHaveValue('45402, 45409');
  await expect(page.getByLabel('Saturday closes')).toHaveValue('13:00');
  await expect(page.getByLabel('Response time')).toHaveValue('4');

  // Leave the demo contractor as it was for other tests.
  await page.getByLabel('Tagline').fill(original);
  await page.getByLabel('Service ZIP codes').fill(originalZips);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Profile saved\. \d+ changes? (is|are) on the way to your public profile/ }),
  ).toBeVisible();
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a photo uploads onto the profile and can be deleted; a file that is no image is refused', async ({
  page,
}) => {
  await signInAsContractor(page);
  await openParts(page);
  const photos = page.getByRole('region', { name: 'Photos' });
  const before = await photos.getByRole('listitem').count();
  await page.getByLabel('Add photos').setInputFiles({ name: 'job.png', mimeType: 'image/png', buffer: PNG });
  await expect(photos.getByRole('listitem')).toHaveCount(before + 1);
  await expect(photos.getByRole('img', { name: new RegExp(`photo ${before + 1}$`) })).toBeVisible();

  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Invalid file type: Please upload a JPEG, PNG, or WebP image')).toBeVisible();

  await photos.getByRole('button', { name: `Delete photo ${before + 1}` }).click();
  await expect(photos.getByRole('listitem')).toHaveCount(before);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('listitem')).toHaveCount(before);
});

test('payments show the setup status and the way to billing; analytics show a table', async ({ page }) => {
  await signInAsContractor(page);
  await openParts(page, 'payments');
  const payments = page.getByRole('region', { name: 'Payment Setup' });
  await expect(payments.getByText(/^Status: (required|pending|completed)$/)).toBeVisible();
  await expect(payments.getByRole('link', { name: /payment|billing/i })).toHaveAttribute(
    'href',
    '/contractor/billing',
  );
  // Issue 24: analytics have their own tab, the daily table behind "Show daily numbers".
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByRole('button', { name: 'Show daily numbers' }).click();
  const table = page.getByRole('table', { name: /Daily analytics, 30 days/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Profile views' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(32); // header, 30 days, total

  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath('dashboard-parts.png'), fullPage: true });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('visiting the public profile and following its phone link counts a view and a call', async ({
  page,
}) => {
  await signInAsContractor(page);
  await openParts(page);
  const profileUrl = await page.getByRole('link', { name: 'your public profile' }).getAttribute('href');
  expect(profileUrl).toMatch(/^\/contractor\/[a-z0-9-]+$/);

  const today = async () => {
    const response = await page.request.get('/api/contractor/analytics?days=1');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { series: Record<string, number[]> };
    return { views: body.series['PROFILE_VIEWS']![0]!, calls: body.series['PHONE_CALLS']![0]! };
  };

  // `send` and the server's answer to the beacon it makes. Each answer is awaited before the next
  // beacon goes, so the answer awaited is never an earlier beacon's.
  const answered = async (tab: Page, send: (tab: Page) => Promise<unknown>) => {
    const answer = tab.waitForResponse((r) => r.url().endsWith(BEACON_PATH));
    await send(tab);
    expect((await answer).status()).toBe(204);
  };
  const visit = (tab: Page) => tab.goto(profileUrl!);
  const call = (tab: Page) => tab.getByRole('main').getByRole('link', { name: 'Call Now' }).click();

  // Counted once per client and day: if an earlier test already counted this client today, the
  // count stays where it was; otherwise this visit makes it 1. Either way it is max(before, 1).
  const before = await today();
  await answered(page, visit);
  await expect.poll(async () => (await today()).views).toBe(Math.max(before.views, 1));

  // A tel: link opens no page in a headless browser; the beacon goes all the same.
  await answered(page, call);
  await expect.poll(async () => (await today()).calls).toBe(Math.max(before.calls, 1));
  // A second visit and call the same day count nothing more: read once the server has answered
  // both beacons (it counts before it answers). In another tab of the same browser: in the tab
  // that followed a tel: link, Chromium dispatches no later click on one, not even after a goto.
  const again = await page.context().newPage();
  await answered(again, visit);
  await answered(again, call);
  expect(await today()).toEqual({ views: Math.max(before.views, 1), calls: Math.max(before.calls, 1) });
});
