// The admin contractors page in the browser, as the demo admin (a shared session): a PENDING
// registration planted in the site's database is rejected with a reason from the queue, the
// applicant's mail carries the reason, and the activity log lists the rejection with its values
// before and after; axe on the page. It rejects rather than approves on purpose: an approval
// schedules the automatic publish, which would rebuild the site the rest of the suite is served
// from (approval itself is covered by the integration tests; approve-and-publish by the publish
// project).
import AxeBuilder from '@axe-core/playwright';
import { createBusiness, createUser } from '../factories/index.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { DEMO_LICENCE } from '../../scripts/lib/seed-demo-contractors.ts';
import { expect, test } from '../helpers/test.ts';

test('an admin rejects a pending contractor with a reason; it is mailed and in the activity log', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, 'admin', baseURL!);
  const tag = Date.now().toString(36);
  const email = `pending-${tag}@example.com`;
  const { business, userId } = await withSiteDatabase(baseURL!, async (tx) => {
    const owner = await createUser(tx, { email, roles: ['contractor'] });
    const made = await createBusiness(tx, {
      name: `Queue Test Roofing ${tag}`,
      status: 'PENDING',
      verified: false,
      ownerId: owner.id,
    });
    return { business: made, userId: owner.id };
  });
  try {
    await page.goto('/admin/contractors');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractors' })).toBeVisible();
    const queue = page.getByRole('region', { name: 'Awaiting approval' });
    const row = queue.getByRole('row').filter({ hasText: business.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await row.getByRole('button', { name: `Reject ${business.name}` }).click();
    const reason = 'We could not find your Ohio contractor licence.';
    await row.getByLabel(`Reason for rejecting ${business.name}`, { exact: false }).fill(reason);
    await row.getByRole('button', { name: 'Send rejection' }).click();
    await expect(
      page.getByText(`${business.name} rejected; the applicant was e-mailed the reason.`),
    ).toBeVisible();
    await expect(queue.getByRole('row').filter({ hasText: business.name })).toHaveCount(0);

    const mails = await withSiteDatabase(
      baseURL!,
      (tx) => tx<{ text_body: string }[]>`select text_body from mail_outbox where to_address = ${email}`,
    );
    expect(mails.map((m) => m.text_body.includes(reason))).toEqual([true]);

    await page.goto('/admin/activity-logs');
    // Before the island runs, the filter form would submit as a plain page load.
    await hydrated(page, 'ActivityLog');
    await page.getByLabel('What').selectOption({ label: 'Contractor rejected' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entry = page.getByRole('row').filter({ hasText: business.id });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('admin@example.com');
    await expect(entry.getByRole('cell').nth(4)).toContainText('"status": "PENDING"');
    await expect(entry.getByRole('cell').nth(5)).toContainText('"status": "REJECTED"');
    await expect(entry.getByRole('cell').nth(5)).toContainText(reason);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from businesses where id = ${business.id}`;
      await tx`delete from users where id = ${userId}`;
    });
  }
});

test("the demo contractor's profile shows the licence check an admin recorded (demo data, built in)", async ({
  page,
  baseURL,
}) => {
  const [business] = await withSiteDatabase(
    baseURL!,
    (tx) =>
      tx<{ slug: string }[]>`
      select b.slug from businesses b join users u on u.id = b.owner_id
       where u.email = 'contractor@example.com' and b.status = 'ACTIVE'`,
  );
  await page.goto(`/contractor/${business!.slug}`);
  const about = page.getByRole('region', { name: /^About / });
  await expect(about).toContainText(
    `Licence verified: ${DEMO_LICENCE.board} #${DEMO_LICENCE.number}, checked November 2, 2026`,
  );
  await expect(about.locator(`time[datetime="${DEMO_LICENCE.checkedOn}"]`)).toHaveCount(1);
});
