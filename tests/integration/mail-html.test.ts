// Every mail a representative flow writes is in the layout (issue 25, "Mails people trust"): an
// account signed up and a password reset, two quote requests sold through the real pipeline to
// contractors (their leads, the homeowner's confirmation and e-mail check), quotes answered and a
// job completed (the demo homeowner's mails). Each row has HTML with exactly one button, whose
// link the plain-text twin writes out, and no token link written out in the HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHomeowner } from '../../scripts/lib/seed-demo-homeowner.ts';
import { requestPasswordReset } from '../../src/server/auth/reset-password.ts';
import { signUp } from '../../src/server/auth/sign-up.ts';
import { loadCatalog } from '../../src/server/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/db/client.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox-gateway.ts';
import { submitQuote } from '../../src/server/quotes/submit-quote.ts';
import { createBusiness, giveCard, provePhone, quoteRequest } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

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
    const sold = await submitQuote(sql, input, {
      gateway: createSandboxGateway(sql),
      verifiedEmail: input.email,
    });
    expect(sold.paymentsSuccessful).toBe(2);

    const mails = await sql<
      { template: string; subject: string; text_body: string; html_body: string | null }[]
    >`
      select template, subject, text_body, html_body from mail_outbox order by created_at`;
    const templates = new Set(mails.map((m) => m.template));
    for (const expected of [
      'email_verification',
      'password_reset',
      'lead_new',
      'quote_confirmation',
      'lead_payment_failed',
      'demo_homeowner_responses',
      'demo_homeowner_review',
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
      expect(html).not.toMatch(/<b>Plumbing<\/b>|<i>Roofing<\/i>/);
    }
  }, 120_000);
});
