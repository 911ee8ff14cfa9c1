// /admin/content in the browser, as the demo admin (a shared session, never the sign-in form): a
// review hidden with a reason (on a suspended business of the test's own, so no public page or
// other test sees it) and the activity log listing it with its values before and after; an SEO
// page's H1 edited, seen in the preview and saved (never published here: publish.spec does that
// with the same steps, tests/helpers/admin-content.ts); axe on each tab and on the editor.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBusiness } from '../factories/index.ts';
import { editSeoPageH1 } from '../helpers/admin-content.ts';
import { signInAs } from '../helpers/e2e-session.ts';
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

test('an admin hides a review with a reason; the activity log shows it; each tab is axe clean', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const name = `Content Spec Roofing ${Date.now().toString(36)}`;
  const author = `Reviewer ${Date.now().toString(36)}`;
  const { businessId, reviewId } = await withSiteDatabase(baseURL!, async (tx) => {
    const business = await createBusiness(tx, { name });
    await tx`update businesses set status = 'SUSPENDED' where id = ${business.id}`;
    const [review] = await tx<{ id: string }[]>`
      insert into reviews (business_id, rating, author_name, content, verified)
      values (${business.id}, 1, ${author}, 'Off-topic advertising for another company.', true) returning id`;
    return { businessId: business.id, reviewId: review!.id };
  });
  try {
    await page.goto('/admin/reviews');
    await expect(page).toHaveURL(/\/admin\/content\?tab=reviews$/);
    await expect(page.getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await hydrated(page, 'ReviewsAdmin');
    await page.getByLabel('Search by business or author').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: author });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Shown');
    await noAxeViolations(page);

    await row.getByRole('button', { name: `Hide the review by ${author} of ${name}` }).click();
    // No reason: refused, nothing changes, the form stays open.
    await row.getByRole('button', { name: 'Hide review' }).click();
    await expect(row.getByText('Please give a reason.')).toBeVisible();
    await row.getByLabel(`Reason for hiding the review by ${author}`).fill('Advertising, not a review');
    await row.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByText(`Review by ${author} hidden.`)).toBeVisible();
    await expect(row).toContainText('Advertising, not a review');
    const stored = await withSiteDatabase(baseURL!, async (tx) => {
      const [r] = await tx<
        { reason: string | null }[]
      >`select hidden_reason as reason from reviews where id = ${reviewId}`;
      return r!;
    });
    expect(stored.reason).toBe('Advertising, not a review');

    await page.goto('/admin/activity-logs');
    await hydrated(page, 'ActivityLog');
    await page.getByLabel('What').selectOption({ label: 'Review hidden' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entry = page.getByRole('row').filter({ hasText: reviewId });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('cell').nth(4)).toContainText('"hidden": false');
    await expect(entry.getByRole('cell').nth(5)).toContainText('"reason": "Advertising, not a review"');

    for (const tab of ['SEO pages', 'Articles']) {
      await page.goto(`/admin/content?tab=${tab === 'Articles' ? 'articles' : 'seo-pages'}`);
      await hydrated(page, tab === 'Articles' ? 'ArticlesAdmin' : 'SeoPagesAdmin');
      await expect(page.getByRole('link', { name: tab, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('table')).toBeVisible();
      await noAxeViolations(page);
    }
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from publish_requests where entity_type = 'review' and entity_id = ${reviewId}`;
      await tx`delete from businesses where id = ${businessId}`;
    });
  }
});

test("an admin edits an SEO page's H1, sees it in the preview and saves it (not published)", async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const slug = 'gutters-bellbrook-ohio';
  const h1 = `Bellbrook Gutter Pros ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/seo');
    await expect(page).toHaveURL(/\/admin\/content\?tab=seo-pages$/);
    await editSeoPageH1(page, slug, h1, { save: false });
    // The preview is built, not saved.
    expect(
      await withSiteDatabase(baseURL!, (tx) => tx`select 1 from seo_pages where slug = ${slug}`),
    ).toHaveLength(0);
    await noAxeViolations(page);

    // A title over its limit: a clear message, the typed H1 kept, nothing saved.
    await page.getByLabel('Title tag').fill('T'.repeat(71));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The title must be at most 70 characters')).toBeVisible();
    await expect(page.getByLabel('H1 heading')).toHaveValue(h1);
    expect(
      await withSiteDatabase(baseURL!, (tx) => tx`select 1 from seo_pages where slug = ${slug}`),
    ).toHaveLength(0);
    await page.getByLabel('Title tag').fill('');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved ${slug}.` })).toBeVisible();
    const saved = await withSiteDatabase(baseURL!, async (tx) => {
      const [row] = await tx<{ h1: string; requests: number }[]>`
        select p.h1_heading as h1,
               (select count(*)::int from publish_requests r where r.entity_type = 'seo_page' and r.entity_id = p.id::text
                  and r.published_at is null) as requests
          from seo_pages p where p.slug = ${slug}`;
      return row!;
    });
    expect(saved).toEqual({ h1, requests: 1 });
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`
        delete from publish_requests
         where entity_type = 'seo_page' and entity_id in (select id::text from seo_pages where slug = ${slug})`;
      await tx`delete from seo_pages where slug = ${slug}`;
    });
  }
});
