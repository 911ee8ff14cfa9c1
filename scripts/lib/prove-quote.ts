// A quote request through the whole path as a homeowner takes it, for the demo data, the benches
// and the fault scripts: submitted, the code read from the phone (the sandbox SMS provider keeps
// what it "sent"), and typed, and the sale it queued run. Returns the sale's outcome. Only with
// the sandbox provider.
import type { TQuoteRequest } from '../../src/schemas/quote.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { verifyQuotePhone } from '../../src/server/leads/requests/prove-quote-phone.ts';
import { runQueuedSales } from '../../src/server/leads/requests/queue-sale.ts';
import { quoteOutcome } from '../../src/server/leads/requests/quote-outcome.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import type { SubmitOptions, SubmitResult } from '../../src/server/leads/requests/types.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';

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
  const { gateway, contractorsPerLead: _perLead, afterCharge: _crash, ...quote } = options;
  const submitted = await submitQuote(sql, input, { ...quote, sms });
  const result =
    submitted.status === 'awaiting_code'
      ? await verifyQuotePhone(
          sql,
          { requestKey: input.requestKey, code: await sandboxCode(sql, input.phone) },
          { ...quote, sms },
        )
      : submitted;
  if (!result.selling) return result;
  // The sale the code queued, run here as the server's worker runs it.
  await runQueuedSales(sql, { ...options, gateway });
  return quoteOutcome(sql, result.leadId);
}
