// The admin frame in the browser, as the demo admin (a shared session, never the sign-in form):
// the index's counts as the database has them; a user disabled (their session ends at once) and
// enabled again from /admin/users, and the activity log listing both with the values before and
// after; a signed-in homeowner sent to the admin sign-in; the three old addresses redirected; axe
// on every admin page built here.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createUser } from '../factories/index.ts';
import { signedInRequest, signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the admin index shows the counts the database has, without the site header and footer', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  for (const name of [
    "Today's leads",
    'Revenue today',
    'Pending approvals',
    'Failed payments',
    'Open disputes',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  // Other browser tests add and decide registrations meanwhile: the counts and the page are read
  // again together until no such change fell between them.
  await expect(async () => {
    const counts = await withSiteDatabase(baseURL!, async (tx) => {
      const [row] = await tx<{ pending: number; disputes: number }[]>`
        select (select count(*)::int from businesses where status = 'PENDING')
               + (select count(*)::int from business_claims where status = 'pending') as pending,
               (select count(*)::int from lead_credits where status = 'open')
               + (select count(*)::int from chargebacks where status = 'open') as disputes`;
      return row!;
    });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Pending approvals' }).locator('.admin-figure')).toHaveText(
      String(counts.pending),
      { timeout: 2000 },
    );
    await expect(page.getByRole('region', { name: 'Open disputes' }).locator('.admin-figure')).toHaveText(
      String(counts.disputes),
      { timeout: 2000 },
    );
  }).toPass({ timeout: 20_000 });
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Activity Logs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payment Test' })).toBeVisible();
  await noAxeViolations(page);
});

test('an admin disables a user (their session ends) and enables them; the activity log shows both', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const email = `admin-e2e-${Date.now().toString(36)}@example.com`;
  const id = await withSiteDatabase(baseURL!, async (tx) => {
    const user = await createUser(tx, { email, fullName: 'Casey Disabled' });
    return user.id;
  });
  const theirs = await signedInRequest(baseURL!, { userId: id });
  try {
    expect((await theirs.get('/api/account/profile')).status()).toBe(200);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    // Before the island runs, the search form would submit as a plain page load.
    await hydrated(page, 'UsersAdmin');
    await page.getByLabel('Search by e-mail or name').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Active');
    await noAxeViolations(page);

    await row.getByRole('button', { name: `Disable ${email}` }).click();
    await expect(page.getByText(`${email} disabled; their sessions have ended.`)).toBeVisible();
    await expect(row).toContainText('Disabled');
    expect((await theirs.get('/api/account/profile')).status()).toBe(401);

    await row.getByRole('button', { name: `Enable ${email}` }).click();
    await expect(page.getByText(`${email} enabled.`)).toBeVisible();
    await expect(row).toContainText('Active');

    await page.goto('/admin/activity-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Logs' })).toBeVisible();
    await hydrated(page, 'ActivityLog');
    await page.getByLabel('What').selectOption({ label: 'Account disabled' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entry = page.getByRole('row').filter({ hasText: id });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('admin@example.com');
    await expect(entry.getByRole('cell').nth(4)).toContainText('"disabled": false');
    await expect(entry.getByRole('cell').nth(5)).toContainText('"disabled": true');
    await expect(entry.getByRole('cell').nth(5)).toContainText('"sessionsEnded": 1');
    await page.getByLabel('What').selectOption({ label: 'Account enabled' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(1);
    await noAxeViolations(page);
  } finally {
    await theirs.dispose();
    await withSiteDatabase(baseURL!, (tx) => tx`delete from users where id = ${id}`);
  }
});

test('a signed-in homeowner is sent to the admin sign-in', async ({ context, page, baseURL }) => {
  await signInAs(context, 'homeowner', baseURL!);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\?admin=required&returnTo=%2Fadmin%2Fusers$/);
  await expect(page.getByText('Admin access required. Please sign in with an admin account.')).toBeVisible();
});

test('the old admin addresses redirect to the content tabs', async ({ context, baseURL }) => {
  await signInAs(context, 'admin', baseURL!);
  for (const [from, to] of [
    ['/admin/content-moderation', '/admin/content?tab=reviews'],
    ['/admin/reviews', '/admin/content?tab=reviews'],
    ['/admin/seo', '/admin/content?tab=seo-pages'],
  ] as const) {
    const response = await context.request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()['location'], from).toBe(to);
  }
});
