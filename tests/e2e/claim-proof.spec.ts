// Listing claims prove themselves (issue 23, Must 5) in a browser: a contractor claims one of our
// listings at /contractor-signup and, on the same page, confirms the claim by a code mailed to an
// address at the listing website's domain (read from /dev/mail, a wrong code first); an admin sees
// the claim "Confirmed by e-mail to …" at /admin/contractors and approves it. A claim nobody
// confirmed asks the admin for a second, explicit confirmation. Approving a claim schedules no
// publish, so the site the rest of the suite is served from stays as it is.
import AxeBuilder from '@axe-core/playwright';
import { createBusiness, createUser } from '../factories/index.ts';
import { signInAs } from '../helpers/e2e-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

const PASSWORD = 'Str0ng!Pass';

test('a claimant confirms by a code mailed to the listing’s domain; an admin sees it confirmed and approves', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Proofwell Plumbing ${tag}`;
  const domain = `proofwell-${tag}.example`;
  const email = `claimant-${tag}@example.com`;
  const address = `owner@${domain}`;
  const listing = await withSiteDatabase(baseURL!, async (tx) => {
    const made = await createBusiness(tx, { ownerId: null, name });
    await tx`update businesses set website = ${`https://www.${domain}/`}, phone = '(937) 228-4050' where id = ${made.id}`;
    return made;
  });
  try {
    const claimant = await browser.newContext();
    const page = await claimant.newPage();
    await page.goto('/contractor-signup');
    await page.locator('astro-island:not([ssr])').first().waitFor();
    await page.getByLabel('Search for your business').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Claim ${name}`, exact: true }).click();
    await page.getByLabel('Business address').fill('100 Main Street');
    await page.getByLabel('Owner name').fill('Pat Claimant');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(937) 222-1234');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register and claim' }).click();
    await expect(page.getByRole('heading', { name: 'Claim received' })).toBeVisible();

    // Right there, before the claimant can even sign in: the proof.
    await expect(page.getByRole('heading', { name: 'Prove the listing is yours' })).toBeVisible();
    await expect(page.getByLabel('Text a code to (937) ••• ••50')).toBeVisible();
    await page.getByLabel(`E-mail a code to an address at ${domain}`).check();
    await page.getByRole('button', { name: 'Send code' }).click();
    // No local part typed: the form says what is missing and sends nothing.
    await expect(page.getByText('Enter the part of the address before the @')).toBeVisible();
    await page.getByLabel(`Your address at ${domain}`).fill('owner');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We e-mailed a code to ${address}.`)).toBeVisible();

    const inbox = await claimant.newPage();
    await inbox.goto(`/dev/mail?to=${encodeURIComponent(address)}`);
    const mail = inbox
      .getByRole('article')
      .filter({
        has: inbox.getByRole('heading', { name: `Your code to claim ${name} on Dayton Contractors` }),
      })
      .first();
    await expect(mail).toBeVisible();
    const code = /Your code is (\d{6})\./.exec((await mail.textContent()) ?? '')![1]!;
    await inbox.close();

    await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'That code is not right. 4 tries left.' }),
    ).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Claim confirmed' })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Confirmed by e-mail to ${address.replace(/\./g, '\\.')} on `)),
    ).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await claimant.close();

    const adminContext = await browser.newContext();
    await signInAs(adminContext, 'admin', baseURL!);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/contractors');
    const claims = admin.getByRole('region', { name: 'Listing claims' });
    const row = claims.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`Confirmed by e-mail to ${address}`);
    await row.getByRole('button', { name: `Approve claim to ${name} by ${email}` }).click();
    // Approving asks first (issue 24): the dialog says the listing changes hands.
    const dialog = admin.getByRole('dialog', { name: `Approve the claim to ${name}?` });
    await expect(dialog).toContainText(`${name} changes hands`);
    await dialog.getByRole('button', { name: 'Approve claim' }).click();
    await expect(admin.getByText(`${email} now owns ${name}.`)).toBeVisible();
    await expect(claims.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await adminContext.close();

    const owned = await withSiteDatabase(
      baseURL!,
      (tx) => tx`
        select u.email, b.owner_since is not null as since, c.verified_channel
          from businesses b join users u on u.id = b.owner_id
          join business_claims c on c.business_id = b.id and c.status = 'approved'
         where b.id = ${listing.id}`,
    );
    expect(owned).toEqual([{ email, since: true, verified_channel: 'email' }]);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from businesses where id = ${listing.id}`;
      await tx`delete from users where email = ${email}`;
    });
  }
});

test('a claim nobody confirmed asks the admin for a second, explicit confirmation', async ({
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const name = `Unproven Roofing ${tag}`;
  const email = `unproven-${tag}@example.com`;
  const listing = await withSiteDatabase(baseURL!, async (tx) => {
    const made = await createBusiness(tx, { ownerId: null, name });
    const claimant = await createUser(tx, { email, roles: ['contractor'] });
    await tx`
      insert into business_claims (business_id, claimant_id, details)
      values (${made.id}, ${claimant.id}, ${tx.json({ ownerName: 'Riley' })})`;
    return made;
  });
  try {
    const adminContext = await browser.newContext();
    await signInAs(adminContext, 'admin', baseURL!);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/contractors');
    const row = admin
      .getByRole('region', { name: 'Listing claims' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toContainText('Not confirmed');
    await row.getByRole('button', { name: `Approve claim to ${name} by ${email}` }).click();
    // The second confirmation is the dialog that asks before any approval (issue 24).
    const dialog = admin.getByRole('dialog', { name: `Approve the claim to ${name}?` });
    await expect(dialog.getByRole('alert')).toContainText('This claim is not confirmed');
    // Nothing is approved until the admin says so a second time.
    expect(
      await withSiteDatabase(baseURL!, (tx) => tx`select owner_id from businesses where id = ${listing.id}`),
    ).toEqual([{ owner_id: null }]);
    await dialog.getByRole('button', { name: 'Approve unconfirmed claim' }).click();
    await expect(admin.getByText(`${email} now owns ${name}.`)).toBeVisible();
    await adminContext.close();
    const audit = await withSiteDatabase(
      baseURL!,
      (tx) => tx`select action from audit_log where entity_type = 'business' and entity_id = ${listing.id}`,
    );
    expect(audit).toEqual([{ action: 'business_claim.approve_unconfirmed' }]);
  } finally {
    await withSiteDatabase(baseURL!, async (tx) => {
      await tx`delete from businesses where id = ${listing.id}`;
      await tx`delete from users where email = ${email}`;
    });
  }
});
