// The Payments tab's Away section (issue 27) on a phone: a period in the future is set (one that
// ended before it began, or ran over 90 days, is refused with its reason by the field), shown, and
// cancelled; with the keyboard alone. A future period leaves today's lead sales alone, so the
// other browser tests that sell to contractor2 are not affected; one under way is the
// integration tests' (tests/integration/response-clock.test.ts).
import AxeBuilder from '@axe-core/playwright';
import { DEMO_ACCOUNTS, signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const EMAIL = DEMO_ACCOUNTS.contractor2;

test.use({ viewport: { width: 390, height: 844 } });

const baseURL = () => test.info().project.use.baseURL!;
const day = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const shown = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function forget(): Promise<void> {
  await withSiteDatabase(baseURL(), async (sql) => {
    await sql`
      delete from business_away_periods
       where business_id in (select b.id from businesses b join users u on u.id = b.owner_id where u.email = ${EMAIL})`;
  });
}

test.beforeEach(forget);
test.afterEach(forget);

test('away time set ahead, refused when it ends before it begins or runs too long, then cancelled', async ({
  page,
}) => {
  await signInAs(page, 'contractor2', baseURL());
  await page.goto('/dashboard?tab=payments');
  await hydrated(page, 'Dashboard');
  const card = page.getByRole('region', { name: 'Away' });
  await expect(card.getByText(/Going on vacation, or called away\?/)).toBeVisible();

  await card.getByLabel('First day').fill(day(20));
  await card.getByLabel('Last day').fill(day(18));
  await card.getByRole('button', { name: 'Set away time' }).click();
  await expect(card.getByText('The last day cannot be before the first.')).toBeVisible();
  await card.getByLabel('Last day').fill(day(120));
  await card.getByRole('button', { name: 'Set away time' }).click();
  await expect(
    card.getByText('An away period can last up to 90 days. For longer, pause new leads in Lead limits.'),
  ).toBeVisible();

  // With the keyboard: the last day, the reason, and Enter on the button.
  await card.getByLabel('Last day').fill(day(24));
  await card.getByLabel('Why').focus();
  await page.keyboard.press('ArrowDown');
  await expect(card.getByLabel('Why')).toHaveValue('emergency');
  await card.getByRole('button', { name: 'Set away time' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toHaveText(
    'Your away time is saved. No leads are sent to you while you are away.',
  );
  await expect(card).toContainText(
    `You will be away from ${shown(day(20))} to ${shown(day(24))} (Emergency).`,
  );
  expect((await new AxeBuilder({ page }).include('#away').analyze()).violations).toEqual([]);

  await page.reload();
  await hydrated(page, 'Dashboard');
  await expect(card).toContainText(`You will be away from ${shown(day(20))} to ${shown(day(24))}`);
  await card.getByRole('button', { name: /^Cancel away time/ }).click();
  await expect(card.getByRole('status')).toHaveText('That away time is cancelled.');
  await expect(card.getByRole('status')).toBeFocused();
  await expect(card.getByText(/Going on vacation, or called away\?/)).toBeVisible();
});
