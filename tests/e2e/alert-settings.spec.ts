// The dashboard's Alerts tab (issue 27) on a phone: a mobile number confirmed by a code (the
// embedded default's sandbox provider keeps the texts), its opt-in text, texts chosen for a new
// lead, quiet hours refused when they start and end together and then saved, kept over a reload,
// and a test text. Keyboard only for the choices. contractor2's settings are removed afterwards.
import AxeBuilder from '@axe-core/playwright';
import { smsWelcomeText, SMS_TEST_TEXT } from '../../src/domain/alert-rules.ts';
import { DEMO_ACCOUNTS, signInAs } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/islands.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const EMAIL = DEMO_ACCOUNTS.contractor2;
const PHONE = '9372284477';

test.use({ viewport: { width: 390, height: 844 } });

const baseURL = () => test.info().project.use.baseURL!;

async function texts(): Promise<string[]> {
  return withSiteDatabase(baseURL(), async (sql) =>
    (
      await sql<{ body: string }[]>`
        select body from sandbox_sms where to_phone = ${PHONE} and channel = 'sms' order by created_at, id`
    ).map((r) => r.body),
  );
}

async function forget(): Promise<void> {
  await withSiteDatabase(baseURL(), async (sql) => {
    await sql`delete from alert_settings where user_id = (select id from users where email = ${EMAIL})`;
    await sql`delete from sandbox_sms where to_phone = ${PHONE}`;
    // Each run starts with its own allowance of codes and test alerts.
    await sql`
      delete from rate_limits
       where identifier in (${PHONE}, (select id::text from users where email = ${EMAIL}))`;
  });
}

test.beforeEach(forget);
test.afterEach(forget);

test('a number confirmed by a code, texts chosen for a new lead, quiet hours saved, a test text', async ({
  page,
}) => {
  await signInAs(page, 'contractor2', baseURL());
  await page.goto('/dashboard?tab=alerts');
  await hydrated(page, 'Dashboard');
  await expect(page.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');

  const textCard = page.getByRole('region', { name: 'Text alerts' });
  const choices = page.getByRole('region', { name: 'What you are alerted to' });
  const newLead = choices.getByRole('group', { name: 'A new lead' });
  // Texts need a number first; a failed payment always comes by e-mail.
  await expect(newLead.getByRole('checkbox', { name: 'Text' })).toBeDisabled();
  const paymentMail = choices
    .getByRole('group', { name: 'A payment fails' })
    .getByRole('checkbox', { name: 'E-mail' });
  await expect(paymentMail).toBeChecked();
  await expect(paymentMail).toBeDisabled();

  await textCard.getByLabel('Mobile number').fill('937 555');
  await textCard.getByRole('button', { name: 'Text me a code' }).click();
  await expect(textCard.getByText('Enter a US mobile number, like (937) 555-0123.')).toBeVisible();
  await textCard.getByLabel('Mobile number').fill('(937) 228-4477');
  await textCard.getByRole('button', { name: 'Text me a code' }).click();
  await expect(textCard.getByRole('status')).toHaveText(
    'We texted a code to (937) ••• ••77. Enter it below.',
  );
  const code = await withSiteDatabase(baseURL(), async (sql) => {
    const [row] = await sql<{ code: string }[]>`
      select code from sandbox_verifications where to_phone = ${PHONE} and status = 'pending'
       order by created_at desc limit 1`;
    return row!.code;
  });
  await textCard.getByLabel('Code from the text').fill(code === '000000' ? '111111' : '000000');
  await textCard.getByRole('button', { name: 'Confirm number' }).click();
  await expect(textCard.getByText('That code is not right. Check the text and try again.')).toBeVisible();
  await textCard.getByLabel('Code from the text').fill(code);
  await textCard.getByRole('button', { name: 'Confirm number' }).click();
  await expect(textCard.getByRole('status')).toHaveText(
    'Your number is confirmed. Choose below which alerts come by text.',
  );
  await expect(textCard).toContainText('Texts go to (937) 228-4477.');
  await expect.poll(texts).toContain(smsWelcomeText(10));

  // The choices, with the keyboard alone.
  const text = newLead.getByRole('checkbox', { name: 'Text' });
  await expect(text).toBeEnabled();
  await text.focus();
  await page.keyboard.press('Space');
  await expect(text).toBeChecked();
  const quiet = choices.getByRole('checkbox', { name: 'Hold pushes and texts during quiet hours' });
  await quiet.focus();
  await page.keyboard.press('Space');
  await expect(choices.getByLabel('From')).toHaveValue('21:00');
  await expect(choices.getByLabel('Until')).toHaveValue('07:00');
  await choices.getByLabel('Until').fill('21:00');
  await choices.getByRole('button', { name: 'Save alert settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(choices.getByText('Quiet hours must start and end at different times.')).toBeVisible();
  await choices.getByLabel('Until').fill('06:30');
  await choices.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(choices.getByRole('status')).toHaveText('Alert settings saved.');
  expect((await new AxeBuilder({ page }).include('.alerts-tab').analyze()).violations).toEqual([]);

  await page.reload();
  await hydrated(page, 'Dashboard');
  await expect(newLead.getByRole('checkbox', { name: 'Text' })).toBeChecked();
  await expect(choices.getByLabel('Until')).toHaveValue('06:30');

  await textCard.getByRole('button', { name: 'Send a test text' }).click();
  await expect(textCard.getByRole('status')).toHaveText('A test text is on its way to your number.');
  await expect.poll(texts).toContain(SMS_TEST_TEXT);

  await textCard.getByRole('button', { name: 'Remove number' }).click();
  await expect(textCard.getByRole('status')).toHaveText('Texts are off and your number is removed.');
  await expect(newLead.getByRole('checkbox', { name: 'Text' })).toBeDisabled();
});
