// The prebuilt public pages: city-service pages, service pages, the AI sheet, llms.txt,
// robots.txt, the sitemap, and the mobile chrome.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const services = JSON.parse(readFileSync(path.join(ROOT, 'content/services.json'), 'utf8')) as {
  slug: string;
  name: string;
}[];
const areas = JSON.parse(readFileSync(path.join(ROOT, 'content/service-areas.json'), 'utf8')) as {
  slug: string;
  name: string;
}[];

async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  const found = parsed.find((b) => b['@type'] === type);
  if (!found) throw new Error(`no ${type} JSON-LD among ${parsed.map((b) => String(b['@type'])).join(', ')}`);
  return found;
}

test('a city-service page has every section, and its FAQ and breadcrumb JSON-LD match what is shown', async ({
  page,
}) => {
  await page.goto('/plumbing-kettering-ohio');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Plumbing Contractors in Kettering, OH' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Free Quotes Now' })).toHaveAttribute(
    'href',
    /^\/quote-request\?service=plumbing/,
  );
  await expect(page.getByRole('link', { name: 'Browse All Contractors' })).toBeVisible();
  for (const heading of [
    'Service Overview',
    'Local Insights',
    'Pricing Guide',
    'Frequently Asked Questions',
    'Request Free Quotes',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const grid = page.getByRole('region', { name: 'Top Rated Plumbing Contractors in Kettering' });
  const profiles = grid.getByRole('link', { name: /^View Profile/ });
  expect(await profiles.count()).toBeGreaterThan(0);
  expect(await profiles.count()).toBeLessThanOrEqual(6);
  await expect(profiles.first()).toHaveAttribute('href', /^\/contractor\/[a-z0-9-]+$/);

  const faq = await jsonLd(page, 'FAQPage');
  const questions = faq['mainEntity'] as { name: string; acceptedAnswer: { text: string } }[];
  expect(questions.length).toBeGreaterThanOrEqual(3);
  for (const q of questions) {
    await expect(page.getByText(q.name, { exact: true })).toBeVisible();
    await expect(page.getByText(q.acceptedAnswer.text, { exact: true })).toBeVisible();
  }

  const crumbs = await jsonLd(page, 'BreadcrumbList');
  const names = (crumbs['itemListElement'] as { name: string }[]).map((c) => c.name);
  expect(names).toEqual(['Home', 'Services', 'Plumbing', 'Kettering']);
  const bar = page.getByRole('navigation', { name: 'Breadcrumb' });
  for (const name of names) await expect(bar.getByText(name, { exact: true })).toBeVisible();
});

test('slugs that are not pages give the 404 page', async ({ page }) => {
  for (const url of ['/foo.xml', '/plumbing-kettering-ohio.xml', '/plumbing-atlantis-ohio']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  }
});

test('the sitemap lists exactly the indexable pages', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const listed = new Set<string>();
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g))
      listed.add(new URL(m[1]!).pathname.replace(/(.)\/$/, '$1'));
  }
  expect(listed.has('/404')).toBe(false);
  expect(listed.has('/')).toBe(true);
  const cityPaths = services.flatMap((s) => areas.map((a) => `/${s.slug}-${a.slug}-ohio`));
  expect(cityPaths).toHaveLength(750);
  const check = async (pathname: string) => {
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(200);
    const html = await response.text();
    const noindex = html.includes('<meta name="robots" content="noindex"');
    expect(listed.has(pathname), `${pathname} listed=${listed.has(pathname)} noindex=${noindex}`).toBe(
      !noindex,
    );
  };
  for (let i = 0; i < cityPaths.length; i += 25) await Promise.all(cityPaths.slice(i, i + 25).map(check));
  const listedPaths = [...listed];
  for (let i = 0; i < listedPaths.length; i += 25) await Promise.all(listedPaths.slice(i, i + 25).map(check));
});

test('a service page lists verified contractors and the spec links', async ({ page }) => {
  await page.goto('/services/roofing');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Roofing Contractors in the Dayton Area' }),
  ).toBeVisible();
  const list = page.getByRole('region', { name: /^Verified Roofing Contractors/ });
  await expect(list.getByText('Verified').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Join as Contractor/ }).first()).toHaveAttribute(
    'href',
    '/contractor-signup',
  );
  await expect(page.getByRole('link', { name: 'Get Free Quotes' })).toHaveAttribute(
    'href',
    '/quote-request?service=roofing',
  );
  await expect(page.getByRole('link', { name: 'Home', exact: true }).first()).toHaveAttribute('href', '/');
});

test('the AI data sheet shows metrics that match its structured data', async ({ page }) => {
  await page.goto('/ai');
  const data = await jsonLd(page, 'Organization');
  const props = Object.fromEntries(
    (data['additionalProperty'] as { name: string; value: number | string }[]).map((p) => [p.name, p.value]),
  );
  const metrics = page.getByRole('region', { name: 'Current Metrics' });
  await expect(metrics.getByRole('definition').nth(0)).toHaveText(String(props['verifiedContractors']));
  await expect(metrics.getByRole('definition').nth(1)).toHaveText(
    `${props['averageResponseTimeHours']} hours`,
  );
  await expect(metrics.getByRole('definition').nth(3)).toHaveText('25');
  const rating = data['aggregateRating'] as { ratingValue: string; reviewCount: number };
  await expect(metrics.getByRole('definition').nth(4)).toHaveText(rating.ratingValue);
  await expect(metrics.getByRole('definition').nth(5)).toHaveText(String(rating.reviewCount));
  await expect(page.getByRole('heading', { name: 'How We Verify Contractors' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$50-150+ per lead' })).toBeVisible();
});

test('llms.txt and robots.txt', async ({ request }) => {
  const llms = await (await request.get('/llms.txt')).text();
  expect(llms.startsWith('# Dayton Contractors\n\n> ')).toBe(true);
  expect(llms).toContain('## Services');
  expect(llms).toMatch(/- \[Plumbing\]\(http[^)]+\/services\/plumbing\): /);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http\S+\/sitemap-index\.xml$/m);
  expect(robots).toContain('Disallow: /api/');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test('the bottom tabs are there and the sticky bar appears after scrolling 100 px', async ({ page }) => {
    await page.goto('/plumbing-dayton-ohio');
    const tabs = page.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Home', 'Find', 'Quote', 'Account'])
      await expect(tabs.getByRole('link', { name: label })).toBeVisible();
    const call = page.getByRole('link', { name: 'Call Now' });
    await expect(call).toBeHidden();
    await page.mouse.wheel(0, 400);
    await expect(call).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Free Quote', exact: true })).toBeVisible();
  });
});
