// A signed-out homeowner's quote request through the wizard, confirmed by its mailed link (what
// sells it), in a browser context of its own; and the first link of a mail on /dev/mail. Shared by
// the browser tests in which a contractor receives a lead.
import type { Browser, Page } from '@playwright/test';
import { hydrated } from './islands.ts';
import { expect } from './test.ts';

/** The first link in the newest mail to `to` whose heading matches, as a path on this server. */
export async function mailedLink(page: Page, to: string, heading: string | RegExp): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: heading }) })
    .first();
  await expect(mail).toBeVisible();
  const href = await mail.getByRole('link').first().getAttribute('href');
  const url = new URL(href!);
  return url.pathname + url.search;
}

export interface HomeownerRequest {
  /** The service's name as the wizard lists it. */
  service: string;
  email: string;
  name: string;
  description: string;
  /** A street address with its ZIP code, e.g. '100 Main Street, Dayton, OH 45402'. */
  address: string;
  zipCode: string;
}

export async function requestQuote(browser: Browser, request: HomeownerRequest): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/quote-request');
  await hydrated(page, 'QuoteWizard');
  await page.getByRole('radio', { name: request.service, exact: true }).check();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.getByLabel('Project description').fill(request.description);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /ASAP/ }).check();
  await page.getByRole('radio', { name: '$5,000 - $15,000' }).check();
  await page.getByLabel('Property address').fill(request.address);
  await expect(page.getByLabel('ZIP code')).toHaveValue(request.zipCode);
  await page.getByLabel('Property type').selectOption('Single Family Home');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill(request.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(request.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('(937) 228-4411');
  await page.getByRole('radio', { name: 'Email' }).check();
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  // The form first solves its proof of work, seconds of hashing on a busy machine.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({ timeout: 30_000 });
  await page.goto(await mailedLink(page, request.email, 'Confirm your quote request'));
  await page.getByRole('button', { name: 'Confirm my request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is confirmed' })).toBeVisible();
  await context.close();
}
