// The homeowner's inbox in a browser (issue 25): the demo homeowner opens My requests, finds a
// request sold to two contractors with their quotes side by side (rating, licence, insurance,
// valid until), accepts one after the confirmation and is shown its contact details; a message
// to that contractor reaches it on the dashboard's lead view, and its answer comes back to the
// request's page. The request is made for this test in the site's database (the demo's own stay
// as they are for the other tests); the second contractor is the demo's contractor2.
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from '../helpers/e2e-session.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

interface Made {
  leadId: string;
  /** contractor2@example.com's business and its distribution of the lead. */
  pro: { name: string; distributionId: string };
  other: { name: string };
}

async function madeRequest(baseURL: string): Promise<Made> {
  return withSiteDatabase(baseURL, async (tx) => {
    const [homeowner] = await tx<
      { id: string }[]
    >`select id from users where email = 'homeowner@example.com'`;
    const [pro] = await tx<{ id: string; name: string }[]>`
      select b.id, b.name from businesses b join users u on u.id = b.owner_id
       where u.email = 'contractor2@example.com' limit 1`;
    const [other] = await tx<{ id: string; name: string }[]>`
      select id, name from businesses where owner_id is null and status = 'ACTIVE' and id <> ${pro!.id}
       order by name limit 1`;
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, user_id, name, email, phone, project_type, project_description, timeline,
                         budget_min, budget_max, property_address, zip_code, city, property_type,
                         preferred_contact_method, lead_score, qualification, phone_verified_at, phone_line_type,
                         confirmed_at)
      values ((select id from services where slug = 'plumbing'), ${homeowner!.id}, 'Jordan Miller',
              'homeowner@example.com', '9372280199', 'Plumbing',
              'The basement floor drain backs up after heavy rain.', 'FLEXIBLE', 500, 3000,
              ${`${Date.now() % 100_000} Brown Street`}, '45409', 'Dayton', 'Single Family Home', 'both', 60,
              'qualified', now(), 'mobile', now())
      returning id`;
    const distributions: string[] = [];
    for (const [rank, b] of [pro!, other!].entries()) {
      const [d] = await tx<{ id: string }[]>`
        insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status,
                                        payment_amount_cents)
        values (${lead!.id}, ${b.id}, ${rank + 1}, 'responded', now(), now(), 'paid', 0)
        returning id`;
      distributions.push(d!.id);
      const total = 41_000 + rank * 2_500;
      const quote = {
        items: [
          {
            description: 'Floor drain backflow valve, installed',
            quantity: 1,
            rateCents: total,
            amountCents: total,
          },
        ],
        totalCents: total,
        validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        terms: rank === 0 ? 'Payment on completion.' : 'Half up front.',
      };
      await tx`
        insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content,
                                         quote, quote_total_cents, quote_valid_until, created_at)
        values (${lead!.id}, ${b.id}, 'contractor_response', ${b.name}, 'Your drain', 'We can fit a backflow valve.',
                ${tx.json(quote)}, ${total}, ${quote.validUntil}, now() - make_interval(mins => ${10 - rank}))`;
    }
    return {
      leadId: lead!.id,
      pro: { name: pro!.name, distributionId: distributions[0]! },
      other: { name: other!.name },
    };
  });
}

test('the inbox shows the quotes side by side, accepting shows the contact, and a message goes there and back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const made = await madeRequest(baseURL!);
  await signInAs(page, 'homeowner', baseURL!);

  // My requests lists it with where it stands; it opens the request.
  await page.goto('/profile/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'My requests' })).toBeVisible();
  const entry = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/profile/requests/${made.leadId}"]`) });
  await expect(entry).toContainText('Quotes received');
  await expect(entry).toContainText(`Sent to ${made.pro.name}, ${made.other.name}`);
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(`/profile/requests/${made.leadId}`);

  // The contractors as cards, and their quotes side by side with what we checked.
  const pros = page.getByRole('region', { name: 'The 2 contractors your request went to' });
  await expect(pros.getByRole('link', { name: `Message ${made.pro.name}` })).toBeVisible();
  const compare = page.getByRole('region', { name: 'Compare 2 quotes' });
  const quotes = compare.getByRole('article');
  await expect(quotes).toHaveCount(2);
  for (const i of [0, 1]) {
    await expect(
      quotes.nth(i).getByText(/^(Licence checked|Licence number on file|No licence on file)$/),
    ).toBeVisible();
    await expect(quotes.nth(i).getByText(/^Insurance (not )?checked$/)).toBeVisible();
    await expect(quotes.nth(i).getByText(/^Valid until /)).toBeVisible();
  }
  // In the order they arrived: the first contractor's, then the other's.
  await expect(quotes.nth(0).getByRole('heading')).toHaveText(made.pro.name);
  await expect(quotes.nth(0).getByText('Total $410.00')).toBeVisible();
  await expect(quotes.nth(1).getByText('Total $435.00')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Contact / })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // Accepting asks first, then shows the contractor's contact details.
  await quotes
    .nth(0)
    .getByRole('button', { name: `Accept quote from ${made.pro.name}` })
    .click();
  await page.getByRole('button', { name: `Yes, accept the quote from ${made.pro.name}` }).click();
  await expect(page.getByRole('status')).toContainText(`You accepted the quote from ${made.pro.name}.`);
  const contact = page.getByRole('region', { name: `Contact ${made.pro.name}` });
  await expect(contact.getByRole('link').first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByText('Status:')).toContainText('Quote accepted');

  // A message to the contractor...
  const thread = page.getByRole('region', { name: `Messages with ${made.pro.name}` });
  const question = `Could you come on Thursday morning? (${Date.now()})`;
  await thread.getByLabel(`Message to ${made.pro.name}`).fill(question);
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Message sent.');
  await expect(page.getByRole('region', { name: `Messages with ${made.pro.name}` })).toContainText(question);

  // ...reaches it on the lead (the dashboard's lead view), and its answer comes back.
  const proContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInAs(proContext, 'contractor2', baseURL!);
  const proPage = await proContext.newPage();
  await proPage.goto(`/dashboard?lead=${made.pro.distributionId}`);
  const messages = proPage.getByRole('region', { name: 'Messages with the homeowner' });
  await expect(messages).toContainText(question);
  await expect(messages).toContainText('Jordan M.');
  await expect(messages).not.toContainText('homeowner@example.com');
  const answer = `Thursday at 8 works. (${Date.now()})`;
  await messages.getByLabel('Message to the homeowner').fill(answer);
  await messages.getByRole('button', { name: 'Send message' }).click();
  // In the thread's list, not the box it was typed in (a textarea's text is what it holds): sent.
  await expect(messages.getByRole('list').getByText(answer)).toBeVisible();
  await proContext.close();

  await page.reload();
  await expect(page.getByRole('region', { name: `Messages with ${made.pro.name}` })).toContainText(answer);

  // Phone first: the request's page and My requests fit 390 px without panning.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/profile/requests/${made.leadId}`, '/profile/requests']) {
    await page.goto(path);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${path}: ${scroll} px of content in ${client} px`).toBeLessThanOrEqual(client);
  }
});

test('another homeowner and a wrong link see nothing of the request', async ({ page, baseURL }) => {
  const made = await madeRequest(baseURL!);
  await signInAs(page, 'contractor', baseURL!);
  const response = await page.goto(`/profile/requests/${made.leadId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Request not found' })).toBeVisible();
  await expect(page.getByText(made.pro.name)).toHaveCount(0);
  const wrong = await page.goto(`/quote-request/responses?token=${'A'.repeat(43)}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Link invalid or expired' })).toBeVisible();
});
