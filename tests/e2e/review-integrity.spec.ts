// Reviews only from real jobs (issue 23) in a browser: the homeowner says on their private
// responses page that a contractor's job is done (asked to confirm first), gets the review link
// right there and by mail, and reviews the job; a homeowner whose phone is the business's writes
// a review that waits for moderation, and the demo admin approves it on the reviews tab, where it
// shows why it was held. Each on a suspended business of the test's own (no public page), removed
// afterwards with its publish requests; axe on each new screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBusiness, createLead } from '../factories/index.ts';
import {
  createDistribution,
  createHiredJob,
  createLink,
  createResponse,
} from '../factories/contractor-side.ts';
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

const stamp = () => Date.now().toString(36);

async function cleanUp(baseURL: string, businessId: string): Promise<void> {
  await withSiteDatabase(baseURL, async (tx) => {
    await tx`
      delete from publish_requests
       where entity_type = 'review' and entity_id in (select id::text from reviews where business_id = ${businessId})`;
    await tx`delete from businesses where id = ${businessId}`;
  });
}

test('the homeowner says the job is done, confirms, and reviews it from the link shown', async ({
  page,
  baseURL,
}) => {
  const name = `Job Done Plumbing ${stamp()}`;
  const { businessId, token, email } = await withSiteDatabase(baseURL!, async (tx) => {
    const sql = tx;
    const business = await createBusiness(sql, { name });
    await tx`update businesses set status = 'SUSPENDED' where id = ${business.id}`;
    const lead = await createLead(sql);
    await createDistribution(sql, lead.id, business.id, { stage: 'CONTACTED', respondedAfterMinutes: 30 });
    await createResponse(sql, lead.id, business.id, {
      subject: 'About your water heater',
      quote: { items: [{ description: 'Replace the water heater', quantity: 1, rateCents: 140_000 }] },
    });
    return {
      businessId: business.id,
      token: await createLink(sql, { leadId: lead.id, purpose: 'responses' }),
      email: lead.email,
    };
  });
  try {
    await page.goto(`/quote-request/responses?token=${token}`);
    const jobs = page.getByRole('region', { name: 'Is the job done?' });
    const job = jobs.getByRole('article', { name });
    await job.getByRole('button', { name: 'The job is done' }).click();

    // A confirmation step first: nothing recorded yet.
    const confirm = page.getByRole('region', { name: 'Is the job done?' }).getByRole('article', { name });
    await expect(confirm.getByText(`Did ${name} finish the job?`)).toBeVisible();
    await noAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByRole('region', { name: 'Is the job done?' }).getByRole('button', { name: 'The job is done' }),
    ).toBeVisible();
    await page
      .getByRole('region', { name: 'Is the job done?' })
      .getByRole('button', { name: 'The job is done' })
      .click();
    await page.getByRole('button', { name: 'Yes, the job is done' }).click();

    const status = page.getByRole('status');
    await expect(status).toContainText(`Thank you: you told us ${name} finished the job.`);
    await expect(
      page.getByRole('region', { name: 'Is the job done?' }).getByText(/^You told us the job was done on /),
    ).toBeVisible();
    await noAxeViolations(page);
    await status.getByRole('link', { name: `Write your review of ${name}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Review ${name}` })).toBeVisible();
    await page.getByRole('group', { name: 'Rating' }).getByLabel('4 stars').check();
    await page
      .getByLabel('Your review')
      .fill('They replaced the water heater in a morning and hauled the old one away.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('after our next site update');

    // The invitation was mailed too, once.
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await expect(
      page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: `How did ${name} do? Leave a review` }) }),
    ).toHaveCount(1);
    const stored = await withSiteDatabase(baseURL!, async (tx) => {
      return tx<{ rating: number; hidden_kind: string | null }[]>`
        select rating, hidden_kind from reviews where business_id = ${businessId}`;
    });
    expect(stored).toEqual([{ rating: 4, hidden_kind: null }]);
  } finally {
    await cleanUp(baseURL!, businessId);
  }
});

test('a review sharing the business phone waits for moderation; the admin sees why and approves it', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Moderated Drains ${stamp()}`;
  const author = `Pat Moderated ${stamp()}`;
  const { businessId, token } = await withSiteDatabase(baseURL!, async (tx) => {
    const sql = tx;
    const business = await createBusiness(sql, { name, phone: '(937) 555-0188' });
    await tx`update businesses set status = 'SUSPENDED' where id = ${business.id}`;
    const lead = await createLead(sql);
    await tx`update leads set phone = '9375550188' where id = ${lead.id}`;
    const hired = await createHiredJob(sql, lead.id, business.id);
    return { businessId: business.id, token: hired.token };
  });
  try {
    // The homeowner's review: told plainly it appears after a check.
    await page.goto(`/review?token=${token}`);
    await page.getByRole('group', { name: 'Rating' }).getByLabel('5 stars').check();
    await page.getByLabel('Your review').fill('Cleared the main line in twenty minutes, very professional.');
    await page.getByLabel('Your name, as shown with the review').fill(author);
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByRole('status')).toContainText('Our team checks it before it appears');

    const admin = await browser.newContext();
    await signInAs(admin, 'admin', baseURL!);
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin/content?tab=reviews');
    await hydrated(adminPage, 'ReviewsAdmin');
    await adminPage.getByRole('combobox', { name: /^Show/ }).selectOption({ label: 'Awaiting moderation' });
    await adminPage.getByLabel('Search by business or author').fill(name);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    const row = adminPage.getByRole('row').filter({ hasText: author });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Awaiting moderation');
    await expect(
      row.getByRole('list', { name: `Why the review by ${author} waits` }).getByRole('listitem'),
    ).toHaveText(['The homeowner’s phone is the business phone.']);
    await noAxeViolations(adminPage);

    await row.getByRole('button', { name: `Approve the review by ${author} of ${name}` }).click();
    await expect(adminPage.getByText(`Review by ${author} approved.`)).toBeVisible();
    await expect(row).toContainText('Shown');
    const stored = await withSiteDatabase(baseURL!, async (tx) => {
      const [review] = await tx<{ id: string; hidden_kind: string | null }[]>`
        select id, hidden_kind from reviews where business_id = ${businessId}`;
      const audit = await tx<{ action: string }[]>`
        select action from audit_log where entity_type = 'review' and entity_id = ${review!.id}`;
      return { review: review!, actions: audit.map((a) => a.action) };
    });
    expect(stored.review.hidden_kind).toBeNull();
    expect(stored.actions).toEqual(['review.approve']);
    await admin.close();
  } finally {
    await cleanUp(baseURL!, businessId);
  }
});
