// Issue 26, Must 3 in a browser: the sign-up and the reset forms say when a password that meets
// the checklist is still too easy to guess (the policy's dictionaries fetched when the password
// field is first used), and accept a strong one.
import { randomUUID } from 'node:crypto';
import { ready } from '../helpers/islands.ts';
import { expect, test } from '../helpers/test.ts';

const TOO_EASY =
  'This password is too easy to guess. Please choose a longer one, for example three or four unrelated words with a number and a symbol.';

test('the sign-up form shows the strength message for a well-known password', async ({ page }) => {
  await ready(page, '/auth');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Email').fill(`strength-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password').fill('Password123!');
  await expect(page.getByText(TOO_EASY)).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await expect(page.getByText('Password Requirements Not Met')).toBeVisible();
  await page.getByLabel('Password').fill('Kettle-Orbit-Walnut-7');
  await expect(page.getByText(TOO_EASY)).toHaveCount(0);
});

test('the reset form shows the strength message, and the name rule for the account', async ({ page }) => {
  const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: 'Kettle-Orbit-Walnut-7' },
  });
  expect(signUp.status()).toBe(201);
  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email } });
  expect(forgot.ok()).toBe(true);
  await page.goto('/dev/mail');
  const mail = page
    .getByRole('article')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: 'Reset your password' }) });
  const href = await mail.first().getByRole('link').first().getAttribute('href');
  const url = new URL(href!);
  await ready(page, url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Password123!');
  await expect(page.getByText(TOO_EASY)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(`${email.split('@')[0]}-Kettle-7!`);
  await expect(
    page.getByText('Password must not contain the name of your email address (the part before the @).'),
  ).toBeVisible();
});
