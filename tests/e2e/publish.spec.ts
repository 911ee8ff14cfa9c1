// Issue 15's acceptance, end to end in the embedded default: an admin approves a PENDING
// contractor from the queue at /admin/contractors (confirming in the dialog that says what follows),
// edits a city-service page's H1 at /admin/content (previewed, saved) and chooses its related
// articles, sees both changes named on /admin/publish and presses Publish; the server rebuilds the
// site with `astro build` into a fresh folder and switches to it, so the new contractor's profile
// page is served (404 before: pages are prebuilt) and the SEO page shows the new H1, while a loop
// of requests (the home page, a city-service page and the search API, every 50 ms) running through
// the whole rebuild saw no error, and the page lists the chosen articles first. The activity log lists the approval and the edit with their
// values before and after. The Publish page passes axe. A full build takes one to two minutes
// here, hence the long timeout. This project runs after all others: the publish switches the
// site every other spec is served from.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBusiness, createUser } from '../factories/index.ts';
import { editSeoPageH1 } from '../helpers/admin-content.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const BUILD_TIMEOUT_MS = 6 * 60_000;
/** A city-service page no other browser test reads (its H1 changes for the rest of the run). */
const SEO_SLUG = 'roofing-xenia-ohio';

/** Requests the pages and the API every 50 ms until stopped; records every non-2xx/3xx answer. */
function requestLoop(baseURL: string) {
  const paths = ['/', '/plumbing-dayton-ohio', '/api/search?search=plumbing'];
  const state = { stopped: false, answers: 0, failures: [] as string[] };
  const loop = (async () => {
    while (!state.stopped) {
      await Promise.all(
        paths.map(async (p) => {
          try {
            const res = await fetch(baseURL + p, { redirect: 'manual' });
            await res.arrayBuffer();
            state.answers += 1;
            if (res.status >= 400) state.failures.push(`${p}: ${res.status}`);
          } catch (error) {
            state.failures.push(`${p}: ${String(error)}`);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    state,
    stop: async () => {
      state.stopped = true;
      await loop;
    },
  };
}

/** The activity log's row for `action` on `entityId`, the log filtered by that action's label. */
async function logEntry(page: Page, label: string, entityId: string) {
  await page.goto('/admin/activity-logs');
  // Before the island runs, the filter form would submit as a plain page load.
  await hydrated(page, 'ActivityLog');
  await page.getByLabel('What').selectOption({ label });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const entry = page.getByRole('row').filter({ hasText: entityId });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('admin@example.com');
  return { before: entry.getByRole('cell').nth(4), after: entry.getByRole('cell').nth(5) };
}

test('an admin approves a contractor and edits an SEO page, publishes, and both are live; the site answered throughout', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(BUILD_TIMEOUT_MS + 2 * 60_000);
  const origin = baseURL!;
  const tag = Date.now().toString(36);
  const business = await withSiteDatabase(origin, async (tx) => {
    const owner = await createUser(tx, {
      email: `publish-${tag}@example.com`,
      roles: ['contractor'],
    });
    return createBusiness(tx, {
      name: `Publish Test Roofing ${tag}`,
      status: 'PENDING',
      verified: false,
      ownerId: owner.id,
    });
  });
  const profile = `/contractor/${business.slug}`;
  const newH1 = `Xenia Roofers, Checked and Insured ${tag}`;

  // Prebuilt: a pending contractor has no page, and the SEO page shows its generated H1.
  expect((await page.request.get(profile)).status()).toBe(404);
  await page.goto(`/${SEO_SLUG}`);
  const oldH1 = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
  expect(oldH1).toBeTruthy();
  expect(oldH1).not.toBe(newH1);

  await signInAs(context, 'admin', origin);
  await editSeoPageH1(page, SEO_SLUG, newH1);
  // Its related articles chosen, in an order of the admin's (issue 24): the second-named first.
  const picked = await withSiteDatabase(
    origin,
    (tx) => tx<{ title: string }[]>`
      select title from articles where status = 'published' order by lower(title) desc, id limit 2`,
  );
  expect(picked).toHaveLength(2);
  const related = page.getByRole('group', { name: /^Related articles/ });
  for (const { title } of picked) {
    await related.getByLabel('Add a published article').selectOption({ label: title });
    await related.getByRole('button', { name: 'Add article' }).click();
  }
  await related.getByRole('button', { name: `Move “${picked[1]!.title}” up` }).click();
  await related.getByRole('button', { name: 'Save related articles' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Related articles of ${SEO_SLUG} saved.` }),
  ).toBeVisible();

  // Saved, not yet public.
  await page.goto(`/${SEO_SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldH1!);

  // Approved last. The browser tests' server runs with AUTO_PUBLISH=off (scripts/e2e-server.ts),
  // so no automatic publish takes the changes above before the panel below has listed them.
  await page.goto('/admin/contractors');
  await hydrated(page, 'ContractorsAdmin');
  const row = page
    .getByRole('region', { name: 'Awaiting approval' })
    .getByRole('row')
    .filter({ hasText: business.name });
  await row.getByRole('button', { name: `Approve ${business.name}` }).click();
  // Approving asks first (issue 24), saying the business goes live.
  const dialog = page.getByRole('dialog', { name: `Approve ${business.name}?` });
  await expect(dialog).toContainText(`${business.name} goes live`);
  await dialog.getByRole('button', { name: 'Approve contractor' }).click();
  await expect(page.getByText(`${business.name} approved.`, { exact: false })).toBeVisible();

  await page.goto('/admin/publish');
  await expect(page.getByRole('heading', { name: 'Publish the site' })).toBeVisible();
  await expect(page.getByText(/changes? waits? for the next publish/)).toBeVisible();
  // The pending changes by name (issue 24), not only their count.
  const waiting = page.getByRole('table', { name: /Changes waiting for the next publish/ });
  await expect(waiting.getByRole('row').filter({ hasText: business.name })).toContainText(
    `Contractor approved: ${business.name}`,
  );
  for (const reason of ['SEO page edited', 'Related articles chosen']) {
    await expect(
      waiting.getByRole('row').filter({ hasText: 'Roofing in Xenia' }).filter({ hasText: reason }),
    ).toBeVisible();
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const loop = requestLoop(origin);
  const started = Date.now();
  await page.getByRole('button', { name: 'Publish' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Queued|Building/);
  await expect(status).toContainText(/Live|Failed/, { timeout: BUILD_TIMEOUT_MS });
  const seconds = (Date.now() - started) / 1000;
  await loop.stop();
  if ((await status.textContent())?.includes('Failed')) {
    throw new Error(`the publish failed:\n${await page.locator('pre').textContent()}`);
  }
  await expect(status).toContainText('Live');
  console.log(`publish: live after ${seconds.toFixed(1)} s; ${loop.state.answers} requests during it`);
  expect(loop.state.failures).toEqual([]);
  expect(loop.state.answers).toBeGreaterThan(30);

  // Served from the new build.
  await page.goto(profile);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(business.name);
  await page.goto(`/${SEO_SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newH1);
  // The chosen related articles first, in the admin's order.
  await expect(
    page.getByRole('region', { name: 'Related Guides & Articles' }).getByRole('listitem').first(),
  ).toHaveText(picked[1]!.title);
  await expect(
    page.getByRole('region', { name: 'Related Guides & Articles' }).getByRole('listitem').nth(1),
  ).toHaveText(picked[0]!.title);

  // Both writes in the activity log, with their values before and after.
  const approval = await logEntry(page, 'Contractor approved', business.id);
  await expect(approval.before).toContainText('"status": "PENDING"');
  await expect(approval.after).toContainText('"status": "ACTIVE"');
  const SEO_LABEL = 'SEO page edited';
  const edit = await logEntry(page, SEO_LABEL, SEO_SLUG);
  // Before the first save the page had no override: its H1 was the generated one (null here).
  await expect(edit.before).toContainText('"h1Heading": null');
  await expect(edit.after).toContainText(`"h1Heading": "${newH1}"`);
});

test('anyone but an admin is sent to sign in from /admin/publish', async ({ page }) => {
  await page.goto('/admin/publish');
  await expect(page).toHaveURL(/\/auth\?.*admin=required/);
});
