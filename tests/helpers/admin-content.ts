// Browser steps on /admin/content's SEO pages tab, for any spec that edits a page's copy (this
// part's own spec, and publish.spec's "an SEO page's H1 edited and published appears on the
// page"). The page must be signed in as an admin. Never presses Publish.
import type { Page } from '@playwright/test';
import { expect } from './test.ts';
import { hydrated } from './islands.ts';

/** Opens the editor of the city-service page `slug` (e.g. 'gutters-bellbrook-ohio'). */
export async function openSeoPageEditor(page: Page, slug: string): Promise<void> {
  await page.goto('/admin/content?tab=seo-pages');
  // Before the island runs, the search form would submit as a plain page load.
  await hydrated(page, 'SeoPagesAdmin');
  await page.getByLabel('Search by service or city').fill(slug);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Edit /${slug}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Edit /${slug} `) })).toBeVisible();
}

/** Types the H1, previews it (the preview shows it as the page's H1) and, unless told not to,
 * saves it (a publish request is recorded; the site changes with the next publish). */
export async function editSeoPageH1(
  page: Page,
  slug: string,
  h1: string,
  options: { save?: boolean } = {},
): Promise<void> {
  await openSeoPageEditor(page, slug);
  await page.getByLabel('H1 heading').fill(h1);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: `Preview of /${slug}` });
  await expect(preview.getByRole('heading', { level: 1, name: h1, exact: true })).toBeVisible();
  if (options.save === false) return;
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${slug}.` })).toBeVisible();
}
