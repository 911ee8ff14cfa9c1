// Contractor registration in a browser: the header's "Join as Contractor" reaches the page; a
// registration by hand (a refused field keeps what was typed) ends on what happens next with the
// verification mail at /dev/mail; a claim of one of our listings found by the search; the spec's
// message when the search fails, with the form still usable; axe on the page in each state.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';

const PASSWORD = 'Str0ng!Pass';
const SEARCH_ERROR = 'Search Error: Unable to search businesses. You can register manually.';

async function ready(page: Page): Promise<void> {
  await page.goto('/contractor-signup');
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function fillAccount(page: Page, email: string): Promise<void> {
  await page.getByLabel('Owner name').fill('Pat Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(937) 222-1234');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

/** The verification mails to an address (one unless it registered again) are listed at /dev/mail with their link. */
async function expectVerificationMails(page: Page, email: string, count = 1): Promise<void> {
  await page.goto('/dev/mail');
  const mail = page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: 'Confirm your e-mail address' }) });
  await expect(mail).toHaveCount(count);
  await expect(mail.first().getByRole('link').first()).toHaveAttribute('href', /\/auth\/verify\?token=/);
}

test('the header’s Join as Contractor opens the registration, which links to / and /auth', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Join as Contractor' }).click();
  await expect(page).toHaveURL(/\/contractor-signup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join as a Contractor' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/auth');
  await expect(page.getByLabel('City')).toHaveValue('Dayton');
  await expect(page.getByLabel('State')).toHaveValue('OH');
});

test('register by hand: a refused field keeps everything typed; then what happens next and the mail', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const name = `Hand Built Decks ${randomUUID().slice(0, 6)}`;
  await ready(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Business name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please select at least one service category')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Business address').fill('200 Wayne Ave');
  await page.getByLabel('Deck Building').check();
  await page.getByLabel('Service ZIP codes').fill('45402, 10001');
  await page.getByLabel('Response time').selectOption({ label: 'Within 2 hours' });
  await page.getByLabel('Price range').selectOption('$$$');
  await fillAccount(page, email);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('We do not serve 10001 yet: enter ZIP codes of the Dayton area')).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue(name);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);

  await page.getByLabel('Service ZIP codes').fill('45402, 45409');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
  await expect(page.getByText('Confirm your e-mail.')).toBeVisible();
  await expect(page.getByText('Admin review.')).toBeVisible();
  await expect(page.getByText('Payment setup.')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The address of a confirmed account: 'Registration Failed' with the server's message, nothing lost.
  await ready(page);
  await page.getByLabel('Business name').fill(`${name} Two`);
  await page.getByLabel('Business address').fill('200 Wayne Ave');
  await page.getByLabel('Deck Building').check();
  await page.getByLabel('Service ZIP codes').fill('45402');
  await fillAccount(page, 'contractor@example.com');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
  await expect(failure).toContainText('An account with this email already exists. Please sign in instead.');
  await expect(page.getByLabel('Business name')).toHaveValue(`${name} Two`);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);

  await expectVerificationMails(page, email);
});

test('claim one of our listings found by the search', async ({ page }) => {
  test.setTimeout(60_000);
  const email = `claimant-${randomUUID().slice(0, 8)}@example.com`;
  await ready(page);
  await page.getByLabel('Search for your business').fill('Kettering');
  await page.getByRole('button', { name: 'Search' }).click();
  const claim = page.getByRole('button', { name: /^Claim / }).first();
  await expect(claim).toBeVisible();
  const listing = ((await claim.textContent()) ?? '').replace(/^Claim /, '');
  await claim.click();
  await expect(page.getByRole('heading', { name: `Claim ${listing}` })).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue(listing);
  await expect(page.getByLabel('Service ZIP codes')).not.toHaveValue('');
  await fillAccount(page, email);
  await page.getByRole('button', { name: 'Register and claim' }).click();
  await expect(page.getByRole('heading', { name: 'Claim received' })).toBeVisible();
  await expect(page.getByText('Our team checks that the listing is yours')).toBeVisible();
  await expectVerificationMails(page, email);

  // The listing is under review now: the search no longer offers it.
  await ready(page);
  await page.getByLabel('Search for your business').fill(listing);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page
      .getByText('No matching businesses found')
      .or(page.getByRole('button', { name: /^(Claim|Use) / }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Claim ${listing}`, exact: true })).toHaveCount(0);
});

test('a failing search shows the spec’s message and the form stays usable', async ({ page }) => {
  await page.route('**/api/contractor-signup/search?**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await ready(page);
  await page.getByLabel('Search for your business').fill('Anything');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SEARCH_ERROR })).toHaveText(SEARCH_ERROR);
  await page.getByLabel('Business name').fill('Manual Entry Works');
  await expect(page.getByLabel('Business name')).toHaveValue('Manual Entry Works');
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
});

test('choosing a Google place fills the form from its details', async ({ page }) => {
  // Google is not configured for the browser tests: its answers are played at our API's boundary
  // (the server side of search and details is tested against a Places stand-in).
  await page.route('**/api/contractor-signup/search?**', (route) =>
    route.fulfill({
      json: {
        results: [
          {
            source: 'google',
            placeId: 'ChIJplace',
            name: 'Gem City Pipes',
            address: '120 S Main St, Dayton',
          },
        ],
      },
    }),
  );
  await page.route('**/api/contractor-signup/place?**', (route) =>
    route.fulfill({
      json: {
        place: {
          placeId: 'ChIJplace',
          name: 'Gem City Pipes',
          address: '120 South Main Street',
          city: 'Kettering',
          state: 'OH',
          zipCode: '45409',
          phone: '(937) 222-3344',
          website: 'https://gemcitypipes.example.com/',
          types: ['plumber'],
        },
      },
    }),
  );
  await ready(page);
  await page.getByLabel('Search for your business').fill('Gem City Pipes');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Use Gem City Pipes' }).click();
  await expect(page.getByLabel('Business name')).toHaveValue('Gem City Pipes');
  await expect(page.getByLabel('Business address')).toHaveValue('120 South Main Street');
  await expect(page.getByLabel('City')).toHaveValue('Kettering');
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('45409');
  await expect(page.getByLabel('Phone')).toHaveValue('(937) 222-3344');
  await expect(page.getByLabel('Website (optional)')).toHaveValue('https://gemcitypipes.example.com/');
  await expect(page.getByLabel('Service ZIP codes')).toHaveValue('45409');
  await expect(page.getByRole('heading', { name: 'Register your business' })).toBeVisible();
});
