// Issue 26, Must 2 in a browser: an e-mail change whose session last proved the password more than
// 5 minutes ago (aged in the test server's database) asks for the password in a dialog, used by
// keyboard alone, and goes through without retyping the form; the old address's mail at /dev/mail
// then undoes the change: the address is back, the browser is signed out, a new password is set.
import { randomUUID } from 'node:crypto';
import { createUser } from '../factories/index.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { mailedLink } from '../helpers/quote-request.ts';
import { ready } from '../helpers/islands.ts';
import { expect, test } from '../helpers/test.ts';

const PASSWORD = 'Str0ng!Pass';

test('an e-mail change asks for the password again after 5 minutes; the old address undoes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const email = `sam-${tag}@example.com`;
  const newEmail = `sam-new-${tag}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  const userId = await withSiteDatabase(baseURL!, async (tx) => {
    const user = await createUser(tx, { email, fullName: 'Sam Reed', passwordHash });
    return user.id;
  });

  await signInAs(page, { userId }, baseURL!);
  // Signed in 6 minutes ago, as far as the server knows.
  await withSiteDatabase(
    baseURL!,
    (tx) => tx`update sessions set authenticated_at = now() - interval '6 minutes' where user_id = ${userId}`,
  );

  await ready(page, '/profile');
  await page.getByLabel('Full Name').fill('Sam Reed-Lee');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('For your security, please enter your password again')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('reauth-dialog-1280.png') });
  // On a phone the whole dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('reauth-dialog-390.png') });

  // Escape cancels: nothing changes, focus goes back to the button, the form keeps what was typed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  // By keyboard alone: Enter on the focused button, a wrong password, then the right one.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Wrong!Pass1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('That password is not right. Please try again.')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Sam Reed-Lee');

  // The new address confirms in this browser, which stays signed in.
  await page.goto(await mailedLink(page, newEmail, 'Confirm your new e-mail address'));
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(page).toHaveURL('/profile?email=changed');
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  // The old address's mail undoes it: opening the link changes nothing, the button does.
  const undoLink = await mailedLink(page, email, 'Your e-mail address was changed');
  expect(undoLink).toMatch(/^\/auth\/undo-email\?token=/);
  await page.goto(undoLink);
  await expect(page.getByRole('heading', { name: 'Undo your e-mail change' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is back' })).toBeVisible();
  await expect(page.getByText(`Your account's e-mail address is ${email} again`)).toBeVisible();
  await ready(page, '/profile').catch(() => undefined);
  await expect(page).toHaveURL('/auth?returnTo=%2Fprofile');

  // The link works once.
  await page.goto(undoLink);
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});

test('the undo page offers a new password at once', async ({ page, baseURL }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `kim-${tag}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  // The change itself went through earlier; only its undo link is made here.
  const token = await withSiteDatabase(baseURL!, async (tx) => {
    const user = await createUser(tx, {
      email: `kim-new-${tag}@example.com`,
      passwordHash,
    });
    const { issueEmailChangeUndo } = await import('../../src/server/accounts/auth/undo-email-change.ts');
    return issueEmailChangeUndo(tx, user.id, email, `kim-new-${tag}@example.com`);
  });
  await page.goto(`/auth/undo-email?token=${token}`);
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await page.getByRole('link', { name: 'Set a new password' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Quiet-Harbor-Lamp-73!');
  await page.getByLabel('Confirm New Password').fill('Quiet-Harbor-Lamp-73!');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated!').first()).toBeVisible();
  await page.waitForURL('/');
  await expect(page.locator('.account-menu summary')).toHaveText(email);
});
