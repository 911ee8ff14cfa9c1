import { expect, test } from '../helpers/test.ts';

test('the home page shows featured verified contractors from the database', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured verified contractors' });
  const cards = featured.getByRole('listitem');
  await expect(cards).toHaveCount(6);
  await expect(featured.getByText('Verified').first()).toBeVisible();
  const first = featured.getByRole('heading', { level: 3 }).first().getByRole('link');
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
