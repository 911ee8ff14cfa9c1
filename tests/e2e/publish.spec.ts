// Publishing in the embedded default, end to end: an admin changes a business's public name (in
// the site's database, as the admin pages will), presses Publish at /admin/publish and waits for
// 'live'; the server rebuilt the site with `astro build` into a fresh folder and switched to it,
// so the profile page shows the new name, while a loop of requests (the home page, a city-service
// page and the search API, every 50 ms) running through the whole rebuild saw no error. The
// Publish page passes axe. A full build takes one to two minutes here, hence the long timeout.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { requestPublish } from '../../src/server/publish/request-publish.ts';
import { signInContext } from '../helpers/demo-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const BUILD_TIMEOUT_MS = 6 * 60_000;

/** A public business no other browser test names (changing its name disturbs nobody's test). */
function unnamedBusiness(businesses: { id: string; name: string; slug: string }[]) {
  const dir = path.resolve('tests', 'e2e');
  const specs = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  const business = businesses.find((b) => !specs.includes(b.name) && !specs.includes(b.slug));
  if (!business) throw new Error('every demo business is named by some browser test');
  return business;
}

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

test('an admin publishes a change: the rebuilt page shows it, and the site answered throughout', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(BUILD_TIMEOUT_MS + 60_000);
  const origin = baseURL!;
  const businesses = await withSiteDatabase(
    origin,
    (tx) => tx<{ id: string; name: string; slug: string }[]>`
      select id, name, slug from businesses where status = 'ACTIVE' order by slug`,
  );
  const business = unnamedBusiness(businesses);
  const newName = `${business.name} Renamed ${Date.now().toString(36)}`;
  const profile = `/contractor/${business.slug}`;

  await page.goto(profile);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(business.name);

  await withSiteDatabase(origin, async (tx) => {
    await tx`update businesses set name = ${newName}, updated_at = now() where id = ${business.id}`;
    await requestPublish(tx, {
      reason: 'renamed by the publish test',
      entityType: 'business',
      entityId: business.id,
      requestedBy: null,
    });
  });
  try {
    // Prebuilt: the old name until a publish.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(newName);

    await signInContext(context, origin, 'admin@example.com');
    await page.goto('/admin/publish');
    await expect(page.getByRole('heading', { name: 'Publish the site' })).toBeVisible();
    await expect(page.getByText(/changes? waits? for the next publish/)).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
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
    await page.goto(profile);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newName);
  } finally {
    // The database as it was (the rebuilt pages keep the new name for the rest of the run; no
    // other test names this business).
    await withSiteDatabase(origin, async (tx) => {
      await tx`update businesses set name = ${business.name} where id = ${business.id}`;
      await tx`update publish_requests set published_at = coalesce(published_at, now()) where entity_id = ${business.id}`;
    });
  }
});

test('anyone but an admin is sent to sign in from /admin/publish', async ({ page }) => {
  await page.goto('/admin/publish');
  await expect(page).toHaveURL(/\/auth\?.*admin=required/);
});
