// A mail as people get it (issue 25, "Mails people trust"): /dev/mail shows the demo homeowner's
// quotes mail as HTML in a sandboxed frame (no scripts) with one button, styled in the brand
// (so the page's policy lets its style attributes through, and no violation is reported), that
// opens the private quotes page in a new tab; and below it the plain-text twin with the link
// written out. The mail layout never reaches a browser bundle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../helpers/test.ts';

const QUOTES_HOMEOWNER = 'demo.quotes@example.com';

test('/dev/mail shows a mail as HTML with one button, and its plain-text twin', async ({ page }) => {
  await page.goto(`/dev/mail?to=${encodeURIComponent(QUOTES_HOMEOWNER)}`);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Your quotes from local contractors' }) })
    .first();
  await expect(mail).toBeVisible();

  const frame = mail.locator('iframe');
  await expect(frame).toHaveAttribute('title', '“Your quotes from local contractors” as HTML');
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox).not.toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');

  const html = frame.contentFrame();
  await expect(html.getByRole('heading', { name: 'Your quotes are in' })).toBeVisible();
  await expect(html.getByText('Dayton Contractors', { exact: true }).first()).toBeVisible();
  const button = html.getByRole('link', { name: 'See your quotes' });
  await expect(button).toHaveCount(1);
  await expect(button).toHaveAttribute('href', /\/quote-request\/responses\?token=[\w-]+$/);
  // The one button: the only link drawn as one, in the brand's blue (its inline style applied).
  await expect(html.locator('[data-mail-action]')).toHaveCount(1);
  await expect(button).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  // The token link is never written out in the HTML: only the button carries it.
  await expect(html.getByText(/token=/)).toHaveCount(0);

  // The plain-text twin writes the link out.
  const text = mail.locator('pre');
  await expect(text).toContainText('See your quotes: http');
  const written = await text.getByRole('link').first().getAttribute('href');
  expect(written).toBe(await button.getAttribute('href'));

  // The button opens its link in a new tab (the frame may not navigate the page). The demo seed
  // wrote the link for the site's own address, not this test server's, so only the request is
  // checked.
  await expect(button).toHaveAttribute('target', '_blank');
  const [tab, opened] = await Promise.all([
    page.waitForEvent('popup'),
    page.context().waitForEvent('request', (r) => /\/quote-request\/responses\?token=/.test(r.url())),
    button.click(),
  ]);
  expect(opened.url()).toBe(await button.getAttribute('href'));
  await tab.close();
});

test('a mail’s HTML has no WCAG 2.1 AA violations', async ({ browser, page }) => {
  await page.goto(`/dev/mail?to=${encodeURIComponent(QUOTES_HOMEOWNER)}`);
  const html = await page.getByRole('article').first().locator('iframe').getAttribute('srcdoc');
  expect(html).toMatch(/^<!DOCTYPE html/);
  // Outside the sandbox (axe needs scripts), as a mail client shows it.
  const context = await browser.newContext();
  const mail = await context.newPage();
  await mail.setContent(html!);
  const results = await new AxeBuilder({ page: mail })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await context.close();
});

test('the mail layout is never in a browser bundle', () => {
  const client = path.join(process.cwd(), 'dist-e2e', 'client');
  const files = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.(js|mjs)$/.test(f),
  );
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const code = readFileSync(path.join(client, file), 'utf8');
    // @react-email/head's meta tag and the layout's button marker.
    expect(code, file).not.toContain('x-apple-disable-message-reformatting');
    expect(code, file).not.toContain('data-mail-action');
  }
});
