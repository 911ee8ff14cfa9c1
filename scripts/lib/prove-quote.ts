// A quote request through the whole path as a homeowner takes it, for the demo data, the benches
// and the fault scripts: submitted, the code read from the phone (the sandbox SMS provider keeps
// what it "sent"), and typed. Returns the sale's outcome. Only with the sandbox provider.
import type { TQuoteRequest } from '../../src/schemas/quote.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { verifyQuotePhone } from '../../src/server/quotes/prove-quote-phone.ts';
import { submitQuote } from '../../src/server/quotes/submit-quote.ts';
import type { SubmitOptions, SubmitResult } from '../../src/server/quotes/types.ts';
import { createSandboxSms } from '../../src/server/sms/sandbox-sms.ts';

/** The newest code the sandbox sent to a ten-digit number. */
export async function sandboxCode(sql: Sql, phone: string): Promise<string> {
  const [row] = await sql<{ code: string }[]>`
    select code from sandbox_verifications where to_phone = ${phone} order by created_at desc limit 1`;
  if (!row) throw new Error(`no code was sent to ${phone}`);
  return row.code;
}

export async function submitProven(
  sql: Sql,
  input: TQuoteRequest,
  options: Omit<SubmitOptions, 'sms'>,
): Promise<SubmitResult> {
  const sms = createSandboxSms(sql);
  const submitted = await submitQuote(sql, input, { ...options, sms });
  if (submitted.status !== 'awaiting_code') return submitted;
  return verifyQuotePhone(
    sql,
    { requestKey: input.requestKey, code: await sandboxCode(sql, input.phone) },
    { ...options, sms },
  );
}
