// The contractor's dashboard on a phone and a desktop (issue 24): no page wider than the screen on
// any tab at 390×844 and 1280×900 and a tab bar that never pushes a tab off-screen; the lead list
// on the first screen of a phone with what to do next on each card; Rejected asks first and a
// stage move is undone from its toast; a refused response puts the focus on the field with its
// message; the portfolio added to, edited, reordered and cleared; the readiness banner of a
// contractor with no card and its fixing action; the mobile Account tab of a signed-in contractor.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';
import { signInAs } from '../helpers/e2e-session.ts';

const baseURL = () => test.info().project.use.baseURL!;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function openDashboard(
  page: Page,
  who: 'contractor' | 'contractor2' = 'contractor',
  query = '',
): Promise<void> {
  await signInAs(page, who, baseURL());
  await page.goto(`/dashboard${query}`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

/** How far the page is wider than its window (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Arranged {
  leadId: string;
  distributionId: string;
  tag: string;
}

/** A paid NEW lead of the demo contractor's service, its own for this test (removed afterwards). */
async function arrangeLead(): Promise<Arranged> {
  const tag = randomUUID().slice(0, 8);
  return withSiteDatabase(baseURL(), async (tx) => {
    const [b] = await tx<{ id: string; service_id: string; slug: string; zip: string }[]>`
      select b.id, s.id as service_id, s.slug, coalesce(b.service_areas[1], b.zip_code) as zip
        from businesses b join users u on u.id = b.owner_id
        join business_services bs on bs.business_id = b.id join services s on s.id = bs.service_id
       where u.email = 'contractor@example.com' order by s.slug limit 1`;
    // Stored as a slug on purpose: the card must still read as a name.
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, created_at, confirmed_at, phone_verified_at, phone_line_type)
      values (${b!.service_id}, ${`Phone Test ${tag}`},
              ${`a-very-long-mailbox-name-that-must-wrap.${tag}@homeowner-example-domain.com`}, '9372284419',
              ${b!.slug}, ${`Phone test ${tag}: the hall ceiling light flickers and the switch is warm.`}, 'ASAP',
              1000, 5000, '4417 Brandt Pike Apartment 12B', ${b!.zip}, 'Dayton', 'Single Family Home', 'both', 70,
              'qualified', now() - interval '1 minute', now() - interval '1 minute', now(), 'mobile')
      returning id`;
    const [d] = await tx<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at,
                                      payment_status)
      values (${lead!.id}, ${b!.id}, 1, 'sent', now() - interval '1 minute', now(), now(), 'paid')
      returning id`;
    return { leadId: lead!.id, distributionId: d!.id, tag };
  });
}

async function removeLead(arranged: Arranged): Promise<void> {
  await withSiteDatabase(baseURL(), async (tx) => {
    await tx`delete from lead_distributions where id = ${arranged.distributionId}`;
    await tx`delete from leads where id = ${arranged.leadId}`;
  });
}

/** The arranged lead opened from its card. */
async function openArranged(page: Page, arranged: Arranged): Promise<void> {
  const card = page.getByRole('article').filter({ hasText: `Phone test ${arranged.tag}` });
  await card.getByRole('button', { name: 'Open lead' }).click();
  await expect(page.getByRole('button', { name: 'Back to leads' })).toBeVisible();
}

for (const [name, viewport] of [
  ['390×844', PHONE],
  ['1280×900', DESKTOP],
] as const) {
  test(`no tab of the dashboard is wider than the screen at ${name}, and every tab can be reached`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const arranged = await arrangeLead();
    try {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      await expect(page.getByRole('button', { name: 'Open lead' }).first()).toBeVisible();
      expect(await overflow(page), 'Leads').toBe(0);
      await openArranged(page, arranged);
      expect(await overflow(page), 'a lead open').toBe(0);

      const tablist = page.getByRole('tablist', { name: 'Dashboard' });
      for (const tab of ['Analytics', 'Profile', 'Payments', 'Leads']) {
        const button = tablist.getByRole('tab', { name: tab });
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x, `${tab} tab starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${tab} tab ends on screen`).toBeLessThanOrEqual(viewport.width);
        await button.click();
        await expect(button).toHaveAttribute('aria-selected', 'true');
        if (tab === 'Analytics') {
          await page.getByRole('button', { name: 'Show daily numbers' }).click();
          await expect(page.getByRole('table', { name: /Daily analytics, 30 days/ })).toBeVisible();
        }
        if (tab === 'Profile') await expect(page.getByRole('button', { name: 'Add a job' })).toBeVisible();
        if (tab === 'Payments') await expect(page.getByRole('button', { name: 'Save limits' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await overflow(page), tab).toBe(0);
        await page.screenshot({
          path: test.info().outputPath(`${tab}-${viewport.width}.png`),
          fullPage: true,
        });
        // The tab bar itself is no wider than the screen: it scrolls inside.
        const bar = (await tablist.boundingBox())!;
        expect(bar.x + bar.width, 'the tab bar').toBeLessThanOrEqual(viewport.width);
      }
      await page.screenshot({
        path: test.info().outputPath(`dashboard-${viewport.width}.png`),
        fullPage: true,
      });
    } finally {
      await removeLead(arranged);
    }
  });
}

test('at 390 px the lead list starts on the first screen, each card with what to do next on top', async ({
  page,
}) => {
  const arranged = await arrangeLead();
  try {
    await page.setViewportSize(PHONE);
    await openDashboard(page);
    await expect(page.getByText(/^\d+ new leads?$/)).toBeVisible();
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    // Its heading is above the fold and above the bars fixed to the bottom of the screen.
    const heading = (await first.getByRole('heading', { level: 3 }).boundingBox())!;
    const barsTop = await page.evaluate(() =>
      Math.min(
        window.innerHeight,
        ...[...document.querySelectorAll('.mobile-tabs, .sticky-cta')]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.height > 0)
          .map((r) => r.top),
      ),
    );
    expect(heading.y + heading.height).toBeLessThanOrEqual(barsTop);

    // The arranged lead's card: a name not a slug, the next steps first, a formatted contact.
    const card = page.getByRole('article').filter({ hasText: `Phone test ${arranged.tag}` });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(/^[A-Z][A-Za-z &]+ in Dayton$/);
    const next = card.getByRole('group', { name: /^Next step for / });
    await expect(next.getByRole('link', { name: 'Call (937) 228-4419' })).toHaveAttribute(
      'href',
      'tel:+19372284419',
    );
    await expect(next.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+19372284419');
    await expect(next.getByRole('button', { name: 'Send a quote' })).toBeVisible();
    await expect(card.getByRole('link', { name: /4417 Brandt Pike/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=4417/,
    );
    await expect(card).toContainText('PrefersPhone or e-mail');
    await expect(card).not.toContainText(/\d:\d\d:\d\d/);
    // The long e-mail wraps inside the card.
    const mail = (await card.getByRole('link', { name: /a-very-long-mailbox-name/ }).boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(mail.x + mail.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await overflow(page)).toBe(0);

    // "Send a quote" opens the lead with a quote started and the focus in the form.
    await next.getByRole('button', { name: 'Send a quote' }).click();
    await expect(page.getByLabel('Subject')).toBeFocused();
    await expect(page.getByLabel('Include a quote')).toBeChecked();
    await page.getByRole('button', { name: 'Back to leads' }).click();
    await expect(page.locator(`#lead-${arranged.distributionId}`)).toBeFocused();
  } finally {
    await removeLead(arranged);
  }
});

test('Mark as Rejected asks first; a stage move is undone from its toast', async ({ page }) => {
  const arranged = await arrangeLead();
  try {
    await page.setViewportSize(PHONE);
    await openDashboard(page);
    await openArranged(page, arranged);

    // Rejected asks first, saying what happens; Cancel changes nothing.
    await page.getByRole('button', { name: 'Mark as Rejected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this lead?' });
    await expect(dialog).toContainText('leaves your active leads');
    await expect(dialog).toContainText('A refund is asked for separately');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Stage: New')).toBeVisible();

    await page.getByRole('button', { name: 'Mark as Rejected' }).click();
    await dialog.getByRole('button', { name: 'Reject lead' }).click();
    await expect(page.getByText('Stage: Rejected')).toBeVisible();
    await expect(page.locator('.stage-line')).toBeFocused();
    const toast = page.locator('.toast').filter({ hasText: 'Lead moved to Rejected' });
    // The toast's buttons are thumb-sized.
    const dismiss = (await toast.getByRole('button', { name: 'Dismiss' }).boundingBox())!;
    expect(Math.min(dismiss.width, dismiss.height)).toBeGreaterThanOrEqual(44);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved back to New')).toBeVisible();
    await expect(page.getByText('Stage: New')).toBeVisible();
    await expect(page.locator('.stage-line')).toBeFocused();

    // A move forward is undone the same way.
    await page.getByRole('button', { name: 'Mark as Contacted' }).click();
    await expect(page.getByText('Stage: Contacted')).toBeVisible();
    await page
      .locator('.toast')
      .filter({ hasText: 'Lead moved to Contacted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(page.getByText('Stage: New')).toBeVisible();
    const [row] = await withSiteDatabase(
      baseURL(),
      (tx) =>
        tx<{ stage: string }[]>`select stage from lead_distributions where id = ${arranged.distributionId}`,
    );
    expect(row!.stage).toBe('NEW');
  } finally {
    await removeLead(arranged);
  }
});

test('a refused response puts the focus on the field, its message tied to it', async ({ page }) => {
  const arranged = await arrangeLead();
  try {
    await page.setViewportSize(PHONE);
    await openDashboard(page);
    await openArranged(page, arranged);
    await page.getByRole('button', { name: 'Send Response' }).click();
    const subject = page.getByLabel('Subject');
    await expect(subject).toBeFocused();
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    const described = await subject.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`)).toHaveText('Missing Information: enter a subject.');
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' })).toBeVisible();
    expect(await subject.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(
      16,
    );
    expect((await subject.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // Fixed, the next refusal is the quote's: focus on its first blank rate.
    await subject.fill('Your ceiling light');
    await page.getByLabel('Message', { exact: true }).fill('I can look at it tomorrow.');
    await page.getByLabel('Include a quote').check();
    await page.getByLabel('Item 1 description').fill('Replace the switch');
    await page.getByRole('button', { name: 'Send Response' }).click();
    const rate = page.getByLabel('Item 1 rate ($)');
    await expect(rate).toBeFocused();
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`[id="${await rate.getAttribute('aria-describedby')}"]`)).toHaveText(
      'Enter a rate',
    );
    await expect(subject).not.toHaveAttribute('aria-invalid', 'true');
  } finally {
    await removeLead(arranged);
  }
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('portfolio: a job is added, edited, moved up and removed', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await openDashboard(page, 'contractor', '?tab=profile');
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio.getByRole('button', { name: 'Add a job' })).toBeVisible();
  const jobs = portfolio.getByRole('listitem');
  const before = await jobs.count();
  const title = `Porch light in Oakwood ${randomUUID().slice(0, 6)}`;

  // Added: a refusal first (no photo), on its field.
  await portfolio.getByRole('button', { name: 'Add a job' }).click();
  await expect(portfolio.getByLabel('Job title')).toBeFocused();
  await portfolio.getByLabel('Job title').fill(title);
  await portfolio.getByRole('button', { name: 'Add job' }).click();
  await expect(portfolio.getByLabel('Photo of the job')).toBeFocused();
  await expect(portfolio.getByText('Choose a photo of this job')).toBeVisible();
  await portfolio.getByLabel('Job description').fill('A new porch light on a motion sensor.');
  await portfolio
    .getByLabel('Photo of the job')
    .setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PNG });
  await portfolio.getByRole('button', { name: 'Add job' }).click();
  await expect(jobs).toHaveCount(before + 1);
  const mine = () => portfolio.getByRole('article', { name: new RegExp(title) });
  await expect(mine()).toContainText('A new porch light on a motion sensor.');
  await expect(page.locator(`[id$="-item-${await itemId(title)}"]`)).toBeFocused();

  // Edited.
  await mine().getByRole('button', { name: /^Edit/ }).click();
  await portfolio.getByLabel('Job title').fill(`${title} (LED)`);
  await portfolio.getByRole('button', { name: 'Save job' }).click();
  await expect(portfolio.getByRole('heading', { name: `${title} (LED)` })).toBeVisible();

  // Moved up one place (it was last), and kept over a reload.
  if (before > 0) {
    await mine()
      .getByRole('button', { name: /^Move up/ })
      .click();
    await expect(jobs.nth(before - 1)).toContainText(`${title} (LED)`);
    await expect(mine().getByRole('button', { name: /^Move up/ })).toBeFocused();
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Portfolio' })
        .getByRole('listitem')
        .nth(before - 1),
    ).toContainText(`${title} (LED)`);
  }
  expect(await overflow(page)).toBe(0);

  // Removed, after a confirmation.
  await mine()
    .getByRole('button', { name: /^Remove/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove this job from your portfolio?' });
  await dialog.getByRole('button', { name: 'Remove job' }).click();
  await expect(page.getByRole('region', { name: 'Portfolio' }).getByRole('listitem')).toHaveCount(before);
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeFocused();
});

async function itemId(title: string): Promise<string> {
  return withSiteDatabase(baseURL(), async (tx) => {
    const [row] = await tx<{ id: string }[]>`select id from portfolio_items where title = ${title}`;
    return row!.id;
  });
}

test('a contractor without a card sees the readiness banner on the dashboard and billing, with the action that fixes it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openDashboard(page, 'contractor2');
  const banner = page.getByRole('region', { name: 'You are not getting leads' });
  await expect(banner).toContainText('No card on file, so no leads are sent to you.');
  const fix = banner.getByRole('link', { name: 'Add a card' });
  await expect(fix).toHaveAttribute('href', '/dashboard?tab=payment-setup');
  expect(await overflow(page)).toBe(0);
  await fix.click();
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: 'Payment Setup' }).getByText('Status: required'),
  ).toBeVisible();

  await page.goto('/contractor/billing');
  await expect(
    page.getByRole('region', { name: 'You are not getting leads' }).getByRole('link', { name: 'Add a card' }),
  ).toBeVisible();
});

test('the mobile Account tab takes a signed-in contractor to Account Settings, not home', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'contractor', baseURL());
  await page.goto('/contractors');
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle('Account Settings | Dayton Contractors');
});
