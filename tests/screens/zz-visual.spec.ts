import { type Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';

async function mailedLink(page: Page, to: string): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
  const url = new URL(href!);
  return url.pathname + url.search;
}

for (const width of [390, 1280]) {
  test(`pages at ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/contractor/patriot-gutters-llc');
    await page.screenshot({ path: `/tmp/shots/profile-${width}.png`, fullPage: true });
    const link = await mailedLink(page, 'demo.quotes@example.com');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/request-${width}.png`, fullPage: true });
    await page.goto('/quote-request');
    await page.screenshot({ path: `/tmp/shots/wizard-${width}.png`, fullPage: true });
  });
}
