// Every mail a representative flow writes is in the layout (issue 25, "Mails people trust"): an
// account signed up and a password reset, two quote requests sold through the real pipeline to
// contractors (their leads, the homeowner's confirmation with the contractors as cards and the
// e-mail check), a message each way on a request, quotes answered and a job completed (the demo
// homeowner's mails). Each row has HTML with exactly one button, whose link the plain-text twin
// writes out, and no token link written out in the HTML.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHomeowner } from '../../scripts/lib/seed-demo-homeowner.ts';
import { requestPasswordReset } from '../../src/server/accounts/auth/reset-password.ts';
import { signUp } from '../../src/server/accounts/auth/sign-up.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { postContractorMessage, postHomeownerMessage } from '../../src/server/leads/inbox/index.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { createLink } from '../factories/contractor-side.ts';
import { createBusiness, giveCard, provePhone, quoteRequest } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { afterSale } from '../helpers/queued-sales.ts';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  for (const name of ['Able Plumbing', 'Best <b>Plumbing</b> & Drains', 'Canal Plumbing']) {
    const b = await createBusiness(sql, { name, serviceAreas: ['45406'] });
    await giveCard(sql, b.id);
  }
}, 60_000);

afterAll(async () => {
  await sql.end();
  await database.drop();
});

const decode = (s: string) => s.replace(/&amp;/g, '&');

describe('the mails of a representative flow', () => {
  it('are each HTML with exactly one button, its link written out in the text twin', async () => {
    await signUp(sql, { email: 'new.homeowner@example.com', password: 'Correct-Horse-9!' });
    await requestPasswordReset(sql, 'new.homeowner@example.com');
    await seedDemoHomeowner(sql);
    // A request sold to two roofers, one whose card is declined (its own mail), the homeowner's
    // confirmation with the names.
    for (const [name, card] of [
      ['Apex <i>Roofing</i>', '4242424242424242'],
      ['Gem City Roofing', '4242424242424242'],
      ['Broke Roofing', '4000000000000002'],
    ] as const) {
      const b = await createBusiness(sql, { name, category: 'Roofing', services: ['roofing'] });
      await giveCard(sql, b.id, card);
    }
    const input = await quoteRequest({ service: 'roofing' });
    await provePhone(sql, input.phone, input.email);
    const sold = await afterSale(sql, await submitQuote(sql, input, { verifiedEmail: input.email }), {
      gateway: createSandboxGateway(sql),
    });
    expect(sold.paymentsSuccessful).toBe(2);
    // A message each way on the request (issue 25): the homeowner's, with markup, to the roofer
    // whose name has markup, and the roofer's answer.
    const [apex] = await sql<{ distribution_id: string; business_id: string }[]>`
      select d.id as distribution_id, d.business_id from lead_distributions d
        join businesses b on b.id = d.business_id
       where d.lead_id = ${sold.leadId} and d.payment_status = 'paid' and b.name = 'Apex <i>Roofing</i>'`;
    const store = createLocalUploadStore(mkdtempSync(join(tmpdir(), 'mail-html-')));
    const token = await createLink(sql, { leadId: sold.leadId, purpose: 'responses' });
    await postHomeownerMessage(
      sql,
      store,
      { token },
      { businessId: apex!.business_id, body: 'Can you come <b>Tuesday</b>?\nAfter 9 & before 5.' },
    );
    await postContractorMessage(sql, store, apex!.business_id, apex!.distribution_id, {
      body: 'Tuesday at 9 works.',
    });

    const mails = await sql<
      {
        template: string;
        subject: string;
        text_body: string;
        html_body: string | null;
        lead_id: string | null;
      }[]
    >`
      select template, subject, text_body, html_body, payload->>'leadId' as lead_id
        from mail_outbox order by created_at`;
    const templates = new Set(mails.map((m) => m.template));
    for (const expected of [
      'email_verification',
      'password_reset',
      'lead_new',
      'quote_confirmation',
      'lead_payment_failed',
      'demo_homeowner_responses',
      'demo_homeowner_review',
      'lead_message_to_contractor',
      'lead_message_to_homeowner',
    ])
      expect(templates, `a ${expected} mail`).toContain(expected);

    for (const mail of mails) {
      const html = mail.html_body;
      expect(html, `${mail.template}: HTML`).toMatch(/^<!DOCTYPE html/);
      const buttons = [...html!.matchAll(/<a href="([^"]+)" data-mail-action=""/g)];
      expect(buttons, `${mail.template}: one button`).toHaveLength(1);
      const href = decode(buttons[0]![1]!);
      expect(mail.text_body, `${mail.template}: the text twin writes the link out`).toContain(href);
      // A token link is only ever the button's href, never written out where a reader sees it.
      const token = new URL(href).searchParams.get('token');
      if (token) expect(html!.split(token).length - 1, `${mail.template}: the token once`).toBe(1);
      expect(html!.replace(/<[^>]*>/g, ''), `${mail.template}: no link written out`).not.toMatch(/token=/);
      // A business name with markup arrives as text.
      expect(html).not.toMatch(/<b>Plumbing<\/b>|<i>Roofing<\/i>|<b>Tuesday<\/b>/);
    }

    const button = (html: string) => decode(/<a href="([^"]+)" data-mail-action=""/.exec(html)![1]!);
    const ofSale = (template: string) =>
      mails.find((m) => m.template === template && m.lead_id === sold.leadId)!;

    // The confirmation: the two roofers as cards (boxed in the HTML, lines in the text), the
    // declined one not among them, and the request's private page as its one button.
    const confirmation = ofSale('quote_confirmation');
    const page = button(confirmation.html_body!);
    expect(page).toMatch(/\/quote-request\/responses\?token=[A-Za-z0-9_-]{43}$/);
    expect(confirmation.text_body).toContain(
      `See your request, compare their quotes and message them: ${page}`,
    );
    for (const name of ['Apex <i>Roofing</i>', 'Gem City Roofing'])
      expect(confirmation.text_body).toMatch(
        new RegExp(`\n\n${name}\n(Rating: .+|New: no reviews yet)\n.+ · .+ · .+\n`),
      );
    expect(confirmation.text_body).not.toContain('Broke Roofing\n');
    expect(confirmation.html_body).toContain('Apex &lt;i&gt;Roofing&lt;/i&gt;');
    expect(confirmation.html_body!.match(/>(Rating: [^<]+|New: no reviews yet)</g)).toHaveLength(2);

    // Each roofer's lead: the one button opens that lead in the dashboard.
    const leads = mails.filter((m) => m.template === 'lead_new' && m.lead_id === sold.leadId);
    expect(leads).toHaveLength(2);
    for (const lead of leads) expect(button(lead.html_body!)).toMatch(/\/dashboard\?lead=[0-9a-f-]{36}$/);

    // The homeowner's message to the roofer: quoted, escaped; the one button opens the lead.
    const toRoofer = ofSale('lead_message_to_contractor');
    expect(button(toRoofer.html_body!)).toMatch(new RegExp(`/dashboard\\?lead=${apex!.distribution_id}$`));
    expect(toRoofer.text_body).toContain('> Can you come <b>Tuesday</b>?\n> After 9 & before 5.');
    expect(toRoofer.html_body).toContain('Can you come &lt;b&gt;Tuesday&lt;/b&gt;?');
    expect(toRoofer.text_body).toContain(
      `Reply on the lead in your dashboard: ${button(toRoofer.html_body!)}`,
    );
    // The roofer's answer to the homeowner: the one button reads and replies on the request.
    const toHomeowner = ofSale('lead_message_to_homeowner');
    expect(toHomeowner.text_body).toContain('> Tuesday at 9 works.');
    expect(button(toHomeowner.html_body!)).toMatch(/\/quote-request\/responses\?token=[A-Za-z0-9_-]{43}$/);
    expect(toHomeowner.text_body).toContain(
      `Read it and reply on your request: ${button(toHomeowner.html_body!)}`,
    );
  }, 120_000);
});
