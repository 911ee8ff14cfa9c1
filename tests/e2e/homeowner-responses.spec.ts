// The homeowner's private pages in a browser, from the demo's mailed links (scripts/lib/
// seed-demo-homeowner.ts): both quotes side by side, accept one and see it Accepted; then the
// review link of a completed job, submit, the thank-you; a link that is not one; axe on each page.
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { demoRequestContext } from '../helpers/demo-session.ts';
import { expect, test } from '../helpers/test.ts';

const QUOTES_HOMEOWNER = 'demo.quotes@example.com';
const REVIEW_HOMEOWNER = 'demo.review@example.com';

/** The link in the newest mail to an address, as a path on the test server. */
async function mailedLink(page: Page, to: string): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
  expect(href, `a link mailed to ${to}`).toBeTruthy();
  const url = new URL(href!);
  return url.pathname + url.search;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the homeowner compares two quotes, accepts one, then reviews a completed job', async ({ page }) => {
  const responses = await mailedLink(page, QUOTES_HOMEOWNER);
  const answer = await page.goto(responses);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Responses to your Plumbing request' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const compare = page.getByRole('region', { name: 'Compare 2 quotes' });
  const quotes = compare.getByRole('article');
  await expect(quotes).toHaveCount(2);
  // Side by side: the two quotes start on the same line, the second to the right of the first.
  const [first, second] = [await quotes.nth(0).boundingBox(), await quotes.nth(1).boundingBox()];
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
  // Line items, totals, validity and terms of each.
  await expect(
    quotes
      .nth(0)
      .getByRole('row', { name: /50-gallon gas water heater, installed 1 \$1,450\.00 \$1,450\.00/ }),
  ).toBeVisible();
  await expect(quotes.nth(0).getByText('Total $1,625.00')).toBeVisible();
  await expect(quotes.nth(1).getByRole('row', { name: /Labor, hours 3 \$95\.00 \$285\.00/ })).toBeVisible();
  await expect(quotes.nth(1).getByText('Total $1,610.00')).toBeVisible();
  await expect(quotes.nth(1).getByText(/^Valid until /)).toBeVisible();
  await expect(quotes.nth(1).getByText('25% deposit to book, balance on completion.')).toBeVisible();
  // Each contractor links to its public profile.
  await expect(quotes.nth(0).getByRole('heading').getByRole('link')).toHaveAttribute(
    'href',
    /^\/contractor\//,
  );
  await expectNoAxeViolations(page);

  const chosen = (await quotes.nth(1).getByRole('heading').textContent())!.trim();
  await quotes
    .nth(1)
    .getByRole('button', { name: `Accept quote from ${chosen}` })
    .click();
  // Asked first (issue 24): what accepting means, then the final button.
  await expect(page.getByRole('region', { name: `Accept the quote from ${chosen}?` })).toContainText(
    'The other quote is declined',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Yes, accept the quote from ${chosen}` }).click();
  await expect(page.getByRole('status')).toContainText(`You accepted the quote from ${chosen}.`);
  const accepted = page.getByRole('region', { name: 'Compare 2 quotes' }).getByRole('article').nth(1);
  await expect(accepted.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Accept quote from/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The contractor is told.
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { name: 'Your quote was accepted' }).first()).toBeVisible();

  // The review of a completed job.
  const review = await mailedLink(page, REVIEW_HOMEOWNER);
  await page.goto(review);
  await expect(page.getByRole('heading', { level: 1, name: /^Review / })).toBeVisible();
  await expect(page.getByLabel('Your name, as shown with the review')).toHaveValue('Casey Nguyen');
  await expectNoAxeViolations(page);
  // Nothing chosen: the form says what is missing and keeps what was typed.
  await page
    .getByLabel('Your review')
    .fill('Replaced our water heater in one morning and left the basement cleaner than they found it.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(page.getByLabel('Your review')).toHaveValue(/^Replaced our water heater/);
  await expectNoAxeViolations(page);

  await page.getByRole('group', { name: 'Rating' }).getByLabel('5 stars').check();
  await page.getByLabel('Title (optional)').fill('Fast, tidy and fairly priced');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('after our next site update');
  await expectNoAxeViolations(page);

  // The link reviews once.
  await page.goto(review);
  await expect(page.getByText('You have already reviewed this job.')).toBeVisible();
});

test('a link that is not one opens nothing', async ({ page }) => {
  for (const path of ['/quote-request/responses?token=not-a-real-token-at-all-0000', '/review?token=short']) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Link invalid or expired' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("a session opens nothing here: only a link's token does, and only from this site", async ({
  baseURL,
}) => {
  const unknown = 'u'.repeat(43);
  for (const account of [null, 'contractor@example.com', 'admin@example.com']) {
    // Signed in with the run's shared session of the account (fresh sign-ins trip the limits).
    const context = await demoRequestContext(baseURL!, account);
    const who = account ?? 'anonymous';
    expect((await context.get(`/quote-request/responses?token=${unknown}`)).status(), who).toBe(404);
    expect((await context.get(`/review?token=${unknown}`)).status(), who).toBe(404);
    const accept = await context.post('/api/quote-responses/accept', {
      data: { token: unknown, communicationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(accept.status(), who).toBe(404);
    expect(accept.headers()['cache-control']).toBe('private, no-store');
    const review = await context.post('/api/reviews', {
      data: { token: unknown, rating: 5, content: 'Fine work, on time.', authorName: 'Pat' },
    });
    expect(review.status(), who).toBe(404);
    expect((await context.post('/api/reviews', { data: { token: unknown, rating: 9 } })).status(), who).toBe(
      400,
    );
    await context.dispose();
  }
  // The page forms refuse a post from another site before anything runs.
  const context = await playwrightRequest.newContext({ baseURL: baseURL!, maxRedirects: 0 });
  for (const path of ['/quote-request/responses', '/review']) {
    const response = await context.post(path, {
      headers: { origin: 'https://evil.example' },
      form: { token: unknown, communicationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.status(), path).toBe(403);
  }
  await context.dispose();
});
