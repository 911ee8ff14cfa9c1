import { SPONSORED_EXPLAINED, topRatedRule } from '../../src/domain/ranking.ts';
import { expect, test } from '../helpers/test.ts';

test("the home page shows the spec's six verified contractors: the top rated, and paid placement apart", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ranked = page.getByRole('region', { name: 'Top rated verified contractors' });
  const sponsored = page.getByRole('region', { name: 'Sponsored' });
  await expect(ranked.getByText(topRatedRule(null))).toBeVisible();
  await expect(sponsored.getByText(SPONSORED_EXPLAINED)).toBeVisible();
  await expect(ranked.getByRole('listitem')).toHaveCount(4);
  await expect(sponsored.getByRole('listitem')).toHaveCount(2);
  // Only the paid placements say Sponsored; every card says Verified.
  await expect(ranked.getByText('Sponsored', { exact: true })).toHaveCount(0);
  await expect(sponsored.getByText('Sponsored', { exact: true })).toHaveCount(3);
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(6);
  const first = ranked.getByRole('heading', { level: 3 }).first().getByRole('link');
  await expect(first).toHaveAttribute('href', /^\/contractor\/[a-z0-9-]+$/);
});

test('the header shows the spec navigation and the signed-out account links', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Find Contractors', 'Service Areas', 'Articles', 'Get Quote']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Join as Contractor' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

test('the hero search submits search and location to /contractors', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Service or contractor name').fill('plumbing');
  await page.getByLabel('City or ZIP code').fill('Kettering');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/contractors\?search=plumbing&location=Kettering$/);
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('demo images are served from local storage', async ({ request }) => {
  const response = await request.get('/uploads/demo/plumbing-1.webp');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
});
