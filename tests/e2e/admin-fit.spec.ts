// Issue 24's admin area in the browser, as the demo admin (a shared session):
// - every admin list page and tab fits 1024×768 without the page (or any list's own box) scrolling
//   sideways, and at 390×844 the page never pans and each list's rows are cards as wide as the
//   screen at most;
// - Approve asks first: a dialog states what follows (the business goes live and can be sold leads;
//   a claim's listing changes hands, an unconfirmed one says so), and Cancel (or Escape) approves
//   nothing;
// - the approval view shows what the applicant gave and the licence check, recorded there first;
// - the Publish panel names the changes waiting for it;
// - related articles chosen for an SEO page appear, in order, in its preview.
// Approving is never confirmed here: it schedules the automatic publish, which would rebuild the
// site the rest of the suite is served from (publish.spec.ts confirms one and publishes).
import type { Page } from '@playwright/test';
import { formatPhone } from '../../src/domain/format.ts';
import { createBusiness, createUser } from '../factories/index.ts';
import { openSeoPageEditor } from '../helpers/admin-content.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

/** Every admin list, by its address and the island that draws it. */
const LISTS: [string, string | null][] = [
  ['/admin', null],
  ['/admin/users', 'UsersAdmin'],
  ['/admin/activity-logs', 'ActivityLog'],
  ['/admin/contractors', 'ContractorsAdmin'],
  ['/admin/leads', 'LeadsAdmin'],
  ['/admin/fraud', 'FraudQueue'],
  ['/admin/payments?tab=transactions', 'PaymentsAdmin'],
  ['/admin/payments?tab=failures', 'PaymentsAdmin'],
  ['/admin/payments?tab=refunds', 'PaymentsAdmin'],
  ['/admin/payments?tab=disputes', 'PaymentsAdmin'],
  ['/admin/payments?tab=chargebacks', 'PaymentsAdmin'],
  ['/admin/content?tab=reviews', 'ReviewsAdmin'],
  ['/admin/content?tab=seo-pages', 'SeoPagesAdmin'],
  ['/admin/content?tab=articles', 'ArticlesAdmin'],
  ['/admin/revenue-validation', 'RevenueValidation'],
  ['/admin/payment-test', 'PaymentTest'],
  ['/admin/publish', 'PublishPanel'],
];
const PAYMENT_TEST_TABS = ['Overview', 'Test Leads', 'Distributions', 'Transactions', 'Test Results'];

/** How far the page, and any list's own box, reach past their width (0: they fit). */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const boxes = [...document.querySelectorAll('main *, .admin-content *')]
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .filter((e) => e.getAttribute('role') !== 'tablist')
      .map((e) => e.scrollWidth - e.clientWidth);
    return { page: root.scrollWidth - root.clientWidth, boxes: Math.max(0, ...boxes) };
  });
}

/** The page has drawn its list: a table's row, an empty message or a card. */
async function listed(page: Page, island: string | null) {
  if (island) await hydrated(page, island);
  await expect(page.getByText(/^Loading…$|^Checking…$/)).toHaveCount(0, { timeout: 15_000 });
}

for (const [width, height] of [
  [1024, 768],
  [390, 844],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('every admin list page and tab fits: the page never pans sideways', async ({
      context,
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await signInAs(context, 'admin', baseURL!);
      const failures: string[] = [];
      const check = async (name: string) => {
        const { page: pans, boxes } = await overflow(page);
        if (pans > 0) failures.push(`${name}: the page is ${pans}px wider than the screen`);
        // At a desk nothing scrolls by itself either; on a phone only a row of tabs may.
        if (width >= 1024 && boxes > 0) failures.push(`${name}: a list scrolls sideways by ${boxes}px`);
        const row = page.getByRole('row').nth(1);
        if (width < 1024 && (await row.count()) > 0 && (await row.isVisible())) {
          const box = await row.boundingBox();
          if (box && box.x + box.width > width)
            failures.push(`${name}: a row reaches ${box.x + box.width}px`);
        }
      };
      for (const [path, island] of LISTS) {
        await page.goto(path);
        await listed(page, island);
        await check(path);
      }
      await page.goto('/admin/payment-test');
      await listed(page, 'PaymentTest');
      for (const tab of PAYMENT_TEST_TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await check(`/admin/payment-test ${tab}`);
      }
      // The editors opened from the content tabs.
      await page.goto('/admin/content?tab=seo-pages');
      await listed(page, 'SeoPagesAdmin');
      await page
        .getByRole('button', { name: /^Edit \// })
        .first()
        .click();
      await expect(page.getByRole('group', { name: /^Related articles/ })).toBeVisible();
      await check('the SEO page editor');
      await page.goto('/admin/content?tab=articles');
      await listed(page, 'ArticlesAdmin');
      await page.getByRole('button', { name: 'New article' }).click();
      await check('the article editor');
      await page.goto('/admin/leads');
      await listed(page, 'LeadsAdmin');
      await page
        .getByRole('button', { name: /^Open the / })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: /^Score: / })).toBeVisible();
      await check('/admin/leads with a lead open');
      expect(failures).toEqual([]);
    });
  });
}

test('approving asks first, stating what follows; the approval view shows the applicant’s details and the licence check', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = Date.now().toString(36);
  const phone = `93755${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const { business, userId, email } = await withSiteDatabase(baseURL!, async (tx) => {
    const owner = await createUser(tx, {
      email: `applicant-${tag}@example.com`,
      roles: ['contractor'],
    });
    const made = await createBusiness(tx, {
      name: `Fit Test Plumbing ${tag}`,
      status: 'PENDING',
      verified: false,
      ownerId: owner.id,
      services: ['plumbing', 'hvac'],
      serviceAreas: ['45402', '45419'],
      yearsInBusiness: 14,
      phone,
    });
    await tx`
      update businesses set address = '40 Fit Street', website = 'https://fit-test-plumbing.example',
             license_number = ${`PL-${tag}`}, insurance_verified = true
       where id = ${made.id}`;
    return { business: made, userId: owner.id, email: owner.email };
  });
  try {
    await page.goto('/admin/contractors');
    await hydrated(page, 'ContractorsAdmin');
    const row = page
      .getByRole('region', { name: 'Awaiting approval' })
      .getByRole('row')
      .filter({ hasText: business.name });
    // Everything the applicant gave.
    for (const text of [
      'HVAC, Plumbing',
      email,
      formatPhone(phone),
      '40 Fit Street, Dayton, OH 45402',
      'fit-test-plumbing.example',
      '45402, 45419',
      '14 years',
      `PL-${tag}`,
      'Licence not checked',
    ]) {
      await expect(row).toContainText(text);
    }
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();

    // The licence check, recorded before deciding.
    await row.getByRole('button', { name: `Record licence check of ${business.name}` }).click();
    const form = row.getByRole('form', { name: `Licence of ${business.name}` });
    await expect(form.getByLabel('Licence number')).toHaveValue(`PL-${tag}`);
    await form.getByLabel('Issuing board').fill('Ohio Construction Industry Licensing Board');
    await form.getByLabel('Date checked').fill('2026-11-20');
    await form.getByLabel('Source (where it was checked)').fill('elicense.ohio.gov');
    await form.getByRole('button', { name: 'Save licence check' }).click();
    await expect(row).toContainText('Licence checked');
    await expect(row).toContainText(
      `Ohio Construction Industry Licensing Board #PL-${tag}, checked Nov 20, 2026`,
    );

    // Approve asks first.
    const approve = row.getByRole('button', { name: `Approve ${business.name}` });
    await approve.click();
    const dialog = page.getByRole('dialog', { name: `Approve ${business.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${business.name} goes live`);
    await expect(dialog).toContainText('can be sold leads from now on, at $30.00 a lead');
    await expect(dialog).toContainText('It has no card on file yet');
    await expect(dialog).toContainText('Licence checked: Ohio Construction Industry Licensing Board');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(approve).toBeFocused();
    // Escape cancels too.
    await approve.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const [after] = await withSiteDatabase(
      baseURL!,
      (tx) => tx<{ status: string }[]>`select status from businesses where id = ${business.id}`,
    );
    expect(after).toEqual({ status: 'PENDING' });
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from businesses where id = ${business.id}`;
      await tx`delete from users where id = ${userId}`;
    });
  }
});

test('approving an unconfirmed claim asks first and says the listing changes hands unproven', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = Date.now().toString(36);
  const name = `Fit Claim Roofing ${tag}`;
  const email = `fit-claim-${tag}@example.com`;
  const listing = await withSiteDatabase(baseURL!, async (tx) => {
    const made = await createBusiness(tx, { ownerId: null, name });
    const claimant = await createUser(tx, { email, roles: ['contractor'] });
    await tx`
      insert into business_claims (business_id, claimant_id, details)
      values (${made.id}, ${claimant.id}, ${tx.json({ ownerName: 'Riley Fit', phone: '9375550123' })})`;
    return made;
  });
  try {
    await page.goto('/admin/contractors');
    await hydrated(page, 'ContractorsAdmin');
    const row = page
      .getByRole('region', { name: 'Listing claims' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toContainText('Riley Fit');
    await expect(row).toContainText('(937) 555-0123');
    await expect(row).toContainText('Not confirmed');
    await row.getByRole('button', { name: `Approve claim to ${name} by ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve the claim to ${name}?` });
    await expect(dialog).toContainText(`${name} changes hands: ${email} becomes its owner`);
    await expect(dialog.getByRole('alert')).toContainText('This claim is not confirmed');
    await expect(dialog.getByRole('button', { name: 'Approve unconfirmed claim' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await withSiteDatabase(baseURL!, (tx) => tx`select owner_id from businesses where id = ${listing.id}`),
    ).toEqual([{ owner_id: null }]);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from businesses where id = ${listing.id}`;
      await tx`delete from users where email = ${email}`;
    });
  }
});

test('the Publish panel names the changes waiting for it', async ({ context, page, baseURL }) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = Date.now().toString(36);
  const { business, requests } = await withSiteDatabase(baseURL!, async (tx) => {
    const made = await createBusiness(tx, { name: `Waiting Change Roofing ${tag}` });
    const rows = await tx<{ id: number }[]>`
      insert into publish_requests (reason, entity_type, entity_id)
      values ('Profile updated by its owner', 'business', ${made.id}), ('Profile updated by its owner', 'business', ${made.id})
      returning id`;
    return { business: made, requests: rows.map((r) => r.id) };
  });
  try {
    await page.goto('/admin/publish');
    await hydrated(page, 'PublishPanel');
    await expect(page.getByText(/changes? waits? for the next publish/)).toBeVisible();
    const row = page
      .getByRole('table', { name: /Changes waiting for the next publish/ })
      .getByRole('row')
      .filter({
        hasText: business.name,
      });
    await expect(row).toContainText('Business');
    await expect(row).toContainText('Profile updated by its owner (2 times)');
    await expect(row.getByRole('link', { name: `/contractor/${business.slug}` })).toBeVisible();
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from publish_requests where id = any(${requests})`;
      await tx`delete from businesses where id = ${business.id}`;
    });
  }
});

test('related articles chosen for an SEO page appear in its preview, in order, and are saved', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  /** A city-service page no other browser test reads. */
  const slug = 'painting-waynesville-ohio';
  const articles = await withSiteDatabase(
    baseURL!,
    (tx) => tx<{ id: string; title: string }[]>`
      select id, title from articles where status = 'published' order by lower(title), id limit 2`,
  );
  expect(articles).toHaveLength(2);
  const first = articles[0]!;
  const second = articles[1]!;
  try {
    await openSeoPageEditor(page, slug);
    const related = page.getByRole('group', { name: /^Related articles/ });
    await expect(related).toContainText('None chosen');
    for (const article of [first, second]) {
      await related.getByLabel('Add a published article').selectOption({ label: article.title });
      await related.getByRole('button', { name: 'Add article' }).click();
    }
    // The second moved above the first, by keyboard.
    await related.getByRole('button', { name: `Move “${second.title}” up` }).focus();
    await page.keyboard.press('Enter');
    await expect(related.getByRole('listitem').first()).toContainText(second.title);

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('region', { name: `Preview of /${slug}` });
    const shown = preview.getByRole('list', { name: 'Related Guides & Articles' });
    await expect(shown.getByRole('listitem')).toHaveText([second.title, first.title]);
    expect(
      await withSiteDatabase(baseURL!, (tx) => tx`select 1 from seo_pages where slug = ${slug}`),
    ).toHaveLength(0);

    await related.getByRole('button', { name: 'Save related articles' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Related articles of ${slug} saved.` }),
    ).toBeVisible();
    const saved = await withSiteDatabase(
      baseURL!,
      (tx) => tx<{ article_id: string }[]>`
        select spa.article_id from seo_page_articles spa join seo_pages p on p.id = spa.seo_page_id
         where p.slug = ${slug} order by spa.sort_order`,
    );
    expect(saved.map((r) => r.article_id)).toEqual([second.id, first.id]);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`
        delete from publish_requests
         where entity_type = 'seo_page' and entity_id in (select id::text from seo_pages where slug = ${slug})`;
      await tx`delete from seo_pages where slug = ${slug}`;
    });
  }
});
