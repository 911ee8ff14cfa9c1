// axe on one page of each type: no WCAG 2.1 A or AA violation.
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from '../helpers/e2e-session.ts';
import { expect, test } from '../helpers/test.ts';

const pages = [
  '/',
  '/plumbing-dayton-ohio',
  '/services/plumbing',
  '/emergency/plumber',
  '/emergency/chimney-fire',
  '/service-areas',
  '/articles',
  '/articles/how-to-choose-a-licensed-contractor-in-dayton',
  '/ai',
  '/no-such-page',
  '/auth',
  '/forgot-password',
  '/reset-password?token=not-a-token',
  '/dev/mail',
  '/quote-request',
];

for (const path of pages) {
  test(`no WCAG 2.1 AA violations on ${path}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // axe cannot run inside a frame that may not run scripts (/dev/mail's sandboxed mails: it
    // waits for them forever); the mail's own HTML is checked in mail-html.spec.ts.
    const results = await new AxeBuilder({ page })
      .exclude('iframe[sandbox]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  });
}

test('no WCAG 2.1 AA violations on a contractor profile', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const href = await page
    .getByRole('region', { name: 'Top rated verified contractors' })
    .getByRole('link')
    .first()
    .getAttribute('href');
  await page.goto(href!);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});

test('no WCAG 2.1 AA violations on Account Settings, each tab, and the account menu', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await signInAs(context, 'contractor', baseURL!);
  const page = await context.newPage();
  await page.goto('/profile');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await expect(page).toHaveURL('/profile');
  const violations: string[] = [];
  for (const tab of ['Profile', 'Security', 'Account & Billing']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await page.locator('.account-menu summary').click();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    violations.push(
      ...results.violations.map(
        (v) => `${tab}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    );
    await page.locator('.account-menu summary').click();
  }
  expect(violations).toEqual([]);
  await context.close();
});
