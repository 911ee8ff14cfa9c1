// Browser tests: wait until a page's island has hydrated (Astro removes its `ssr` attribute then),
// before clicking into it. Named, because a page may hold several islands.
import type { Page } from '@playwright/test';

export function hydrated(page: Page, component: string): Promise<void> {
  return page.locator(`astro-island[opts*='"name":"${component}"']:not([ssr])`).waitFor();
}

/** Opens `path` and waits until its first island has hydrated. */
export async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('astro-island:not([ssr])').first().waitFor();
}
