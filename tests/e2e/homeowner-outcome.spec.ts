// "What happened with your request?" (issue 27, Must 6) on the homeowner's private page, on a
// phone: the demo asked Morgan Lee (scripts/lib/seed-demo-outcomes.ts), so the question comes
// first; a choice is sent with the keyboard alone, thanked, and kept. A homeowner-responses test
// may accept a quote on the same request meanwhile (which answers "hired"): either way the page
// says what the homeowner told us last.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { OUTCOME_MESSAGES as M } from '../../src/domain/outcome-rules.ts';
import { expect, test } from '../helpers/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function mailedLink(page: Page, to: string): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const href = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
  const url = new URL(href!);
  return url.pathname + url.search;
}

test('the homeowner tells what happened, with the keyboard, and the answer is kept', async ({ page }) => {
  await page.goto(await mailedLink(page, 'demo.quotes@example.com'));
  const question = page.getByRole('region', { name: M.question });
  await expect(question).toBeVisible();
  const choice = question.getByRole('radio', { name: M.postponed });
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await question.getByRole('button', { name: /^(Send my answer|Change my answer)$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(M.thanks)).toBeVisible();
  await expect(page.getByRole('region', { name: M.question })).toContainText(M.answered(M.postponed));
  expect((await new AxeBuilder({ page }).include('#outcome').analyze()).violations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('outcome-390.png'), fullPage: false });
});
