// Contractor profile (/contractor/{slug}) against the demo data (fixed seed), opened from the
// search as a homeowner would. Patriot Gutters LLC has one verified review and three newer
// unverified ones, so a profile that showed "the 3 newest reviews" regardless of verification
// would show only unverified ones.
import { type Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';

const SLUG = 'patriot-gutters-llc';
const NAME = 'Patriot Gutters LLC';
const VERIFIED_REVIEW =
  'Friendly, careful and fairly priced. They protected our floors, answered all our questions and the gutter guard installation looks great.';
const UNVERIFIED_REVIEWS = [
  'The crew was professional and the gutter guard installation turned out well.',
  'Good quality sagging gutter repair.',
  'The crew was professional and the underground downspout drain turned out well.',
];
/** A PENDING business of the demo data: it must have no public profile. */
const PENDING_SLUG = 'adams-plumbing-and-drain';

async function openFromSearch(page: Page) {
  await page.goto(`/contractors?search=${encodeURIComponent(NAME)}`);
  await page.getByRole('heading', { level: 2, name: NAME }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/contractor/${SLUG}$`));
}

test('a contractor found by the search opens its profile with contact links', async ({ page }) => {
  await openFromSearch(page);
  await expect(page).toHaveTitle(/Patriot Gutters LLC \| Gutters in .+, OH/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+19375551113');
  await expect(main.getByRole('link', { name: 'Email', exact: true })).toHaveAttribute(
    'href',
    'mailto:office@patriot-gutters-llc.example',
  );

  const quote = page.getByRole('region', { name: 'Get a Free Quote' });
  await expect(quote.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+19375551113');
  await expect(quote.getByRole('link', { name: /mail/i })).toHaveAttribute(
    'href',
    'mailto:office@patriot-gutters-llc.example?subject=Quote%20Request',
  );
  // The main button asks this contractor (issue 25), its service preselected; call and e-mail stay.
  await expect(quote.getByRole('link', { name: `Request a Free Quote from ${NAME}` })).toHaveAttribute(
    'href',
    `/quote-request?contractor=${SLUG}&service=gutters`,
  );
  await expect(quote.getByText(`Asking ${NAME} and up to two similar pros.`)).toBeVisible();

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: 'Find Contractors' })).toHaveAttribute(
    'href',
    '/contractors',
  );
  await expect(crumbs.getByText(NAME)).toHaveAttribute('aria-current', 'page');
});

test('only verified reviews are shown', async ({ page }) => {
  await page.goto(`/contractor/${SLUG}`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews.getByText(VERIFIED_REVIEW)).toBeVisible();
  await expect(reviews.getByRole('listitem')).toHaveCount(1);
  for (const text of UNVERIFIED_REVIEWS) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
  expect(await page.content()).not.toContain('sagging gutter repair');
});

test('the JSON-LD parses and its aggregateRating is the rating and count shown', async ({ page }) => {
  await page.goto(`/contractor/${SLUG}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const business = parsed.find((d) => 'aggregateRating' in d);
  expect(business).toMatchObject({
    '@type': 'HomeAndConstructionBusiness',
    name: NAME,
    telephone: '+19375551113',
    aggregateRating: { ratingValue: '5.0', reviewCount: 1 },
  });

  // The same figures, as the visitor reads them in the header and above the reviews.
  await expect(page.getByRole('main').getByText('Rated 5.0 (1 review)')).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
  expect(business!['review']).toHaveLength(await reviews.getByRole('listitem').count());
});

test('the profile ships no framework JavaScript', async ({ page, request }) => {
  await page.goto(`/contractor/${SLUG}`);
  await expect(page.locator('astro-island')).toHaveCount(0);
  // The account menu's script, the analytics beacons' bundled module and the app chrome's
  // (offline banner, install prompt: src/scripts/app-chrome.ts), all plain scripts.
  const sources = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src')!));
  expect(sources).toHaveLength(3);
  expect(sources[0]).toBe('/account-menu.js');
  for (const src of sources.slice(1)) expect(src).toMatch(/^\/_astro\/[\w.-]+\.js$/);
  // Neither they nor what they import carry React (its element symbol would be in the code).
  const seen = new Set<string>();
  const queue = [...sources];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = await (await request.get(src)).text();
    expect(code).not.toMatch(/react\.(transitional\.)?element/);
    for (const [, imported] of code.matchAll(/from\s*["']\.\/([\w.-]+\.js)["']/g))
      queue.push(`/_astro/${imported}`);
  }
  expect(seen.size).toBeLessThanOrEqual(5);
});

test('an unknown contractor answers 404 with "Contractor not found"', async ({ page }) => {
  const response = await page.goto('/contractor/no-such-contractor');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Find Contractors' }).click();
  await expect(page).toHaveURL(/\/contractors$/);
});

test('a pending business has no public profile', async ({ request }) => {
  const response = await request.get(`/contractor/${PENDING_SLUG}`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Contractor not found');
});
