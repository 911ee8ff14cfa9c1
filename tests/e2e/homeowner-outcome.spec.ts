// "What happened with your request?" (issue 27, Must 6) on the homeowner's private page, on a
// phone. A request of its own (so no other browser test accepts a quote on it meanwhile): sold to
// two listed contractors, one responded, and the homeowner was asked, so the question comes first.
// Sending nothing is refused by the browser; a choice is sent with the keyboard alone, thanked by
// the question, and kept; the buyer hired sees "hired you", the other "another pro".
import AxeBuilder from '@axe-core/playwright';
import { OUTCOME_MESSAGES as M } from '../../src/domain/outcome-rules.ts';
import { createHomeownerLink } from '../../src/server/leads/access/homeowner-links.ts';
import { withSiteDatabase } from '../helpers/site-database.ts';
import { expect, test } from '../helpers/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

const baseURL = () => test.info().project.use.baseURL!;

test('the homeowner tells what happened, with the keyboard; each buyer sees it as it may', async ({
  page,
}) => {
  const { token, hired, other } = await withSiteDatabase(baseURL(), async (sql) => {
    const pros = await sql<{ id: string; name: string; service_id: string }[]>`
      select b.id, b.name, bs.service_id from businesses b join business_services bs on bs.business_id = b.id
       where b.status = 'ACTIVE' and bs.service_id = (select id from services where slug = 'plumbing')
       order by b.name limit 2`;
    const [lead] = await sql<{ id: string }[]>`
      insert into leads (service_id, name, email, phone, project_type, project_description, timeline, budget_min,
                         budget_max, property_address, zip_code, city, property_type, preferred_contact_method,
                         lead_score, qualification, phone_verified_at, outcome_asked_at)
      values (${pros[0]!.service_id}, 'Outcome Tester', ${`outcome-${Date.now()}@example.com`}, '9372287090',
              'Plumbing', 'A dripping kitchen faucet to replace.', 'FLEXIBLE', 150, 400, '9 Elm St', '45402',
              'Dayton', 'Single Family Home', 'email', 60, 'qualified', now(), now() - interval '1 hour')
      returning id`;
    for (const [i, pro] of pros.entries()) {
      await sql`
        insert into lead_distributions (lead_id, business_id, rank, status, sent_at, charged_at, payment_status)
        values (${lead!.id}, ${pro.id}, ${i + 1}, 'sent', now() - interval '3 days', now() - interval '3 days', 'paid')`;
    }
    await sql`
      insert into lead_communications (lead_id, business_id, message_type, sender_name, subject, message_content, created_at)
      values (${lead!.id}, ${pros[0]!.id}, 'contractor_response', ${pros[0]!.name}, 'Faucet', 'We can do it Friday.',
              now() - interval '50 hours')`;
    return {
      token: await createHomeownerLink(sql, { leadId: lead!.id, purpose: 'responses' }),
      hired: pros[1]!,
      other: pros[0]!,
    };
  });

  await page.goto(`/quote-request/responses?token=${token}`);
  const question = page.getByRole('region', { name: M.question });
  await expect(question).toBeVisible();
  // Nothing chosen: the browser asks for a choice, nothing is sent.
  await question.getByRole('button', { name: 'Send my answer' }).click();
  await expect(question.getByRole('radio', { name: M.postponed })).toHaveJSProperty(
    'validity.valueMissing',
    true,
  );

  const choice = question.getByRole('radio', { name: M.hired(hired.name) });
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await question.getByRole('button', { name: 'Send my answer' }).focus();
  await page.keyboard.press('Enter');
  const answered = page.getByRole('region', { name: M.question });
  await expect(answered.getByRole('status')).toHaveText(M.thanks);
  await expect(answered).toContainText(M.answered(M.hired(hired.name)));
  expect((await new AxeBuilder({ page }).include('#outcome').analyze()).violations).toEqual([]);

  const seen = await withSiteDatabase(
    baseURL(),
    (sql) =>
      sql<{ business_id: string; hired_you: boolean; outcome: string }[]>`
      select d.business_id, coalesce(l.outcome_business_id = d.business_id, false) as hired_you, l.outcome
        from lead_distributions d join leads l on l.id = d.lead_id
       where l.email like 'outcome-%@example.com' and d.business_id in (${hired.id}, ${other.id})
         and l.outcome_at > now() - interval '5 minutes'`,
  );
  expect(seen).toEqual(
    expect.arrayContaining([
      { business_id: hired.id, hired_you: true, outcome: 'hired' },
      { business_id: other.id, hired_you: false, outcome: 'hired' },
    ]),
  );
});
