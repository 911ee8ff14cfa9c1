// axe on one page of each type: no WCAG 2.1 A or AA violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
];

for (const path of pages) {
  test(`no WCAG 2.1 AA violations on ${path}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    const results = await new AxeBuilder({ page })
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
    .getByRole('region', { name: 'Featured verified contractors' })
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
