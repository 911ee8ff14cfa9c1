// The wizard's last step after Submit: the homeowner types the code sent to their phone
// (verifyQuotePhone), or asks for a new one, by text or by a call (resendQuoteCode). The request
// is named by its request key, which only the homeowner's browser holds. A right code records the
// proof, admits the request by the rules that follow the person and queues its sale in the same
// transaction (answered at once: the wizard follows the sale); a repeat of a right code (a double
// tap, a lost answer) gets the same outcome and queues nothing twice.
import type { CodeChannel } from '../../../domain/integrity-rules.ts';
import { PHONE_PROOF_MESSAGES } from '../../../domain/integrity-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { refuseOverDailyLimits } from './admit-request.ts';
import {
  checkQuoteCode,
  markCodeVerified,
  releaseCode,
  sendQuoteCode,
  type CodeState,
} from './phone-proof.ts';
import { queueSale } from './queue-sale.ts';
import { quoteOutcome } from './quote-outcome.ts';
import { recordPhoneProof } from './record-phone-proof.ts';
import type { QuoteOptions, SubmitOptions, SubmitResult } from './types.ts';

interface Waiting {
  id: string;
  qualification: string;
  phone: string;
  email_key: string;
  phone_line_type: CodeState['lineType'];
  address_key: string | null;
}

async function findRequest(sql: Sql, requestKey: string): Promise<Waiting> {
  const [lead] = await sql<Waiting[]>`
    select id, qualification, phone, email_key, phone_line_type, address_key from leads
     where request_key = ${requestKey}`;
  if (!lead) throw new AppError('NOT_FOUND', PHONE_PROOF_MESSAGES.unknownRequest);
  return lead;
}

export async function verifyQuotePhone(
  sql: Sql,
  input: { requestKey: string; code: string },
  options: QuoteOptions & { sms: NonNullable<QuoteOptions['sms']> },
): Promise<SubmitResult> {
  const lead = await findRequest(sql, input.requestKey);
  if (lead.qualification === 'unconfirmed') {
    // Over the day's limits: said before a try (or the code) is spent.
    await refuseOverDailyLimits(sql, { phone: lead.phone, addressKey: lead.address_key, excludeId: lead.id });
    const check = await checkQuoteCode(sql, options.sms, lead.id, input.code);
    if ('refused' in check) throw new AppError('BAD_REQUEST', check.refused, { code: [check.refused] });
    // The code marked used and the proof recorded together, once, whichever of two taps gets
    // here first; the proof is of the number the code went to, which must still be the request's.
    try {
      await sql.begin(async (tx) => {
        await markCodeVerified(tx, check.approved.codeId);
        // A request now sellable has its sale queued in the same transaction.
        if ((await recordPhoneProof(tx, lead.id, check.approved.phone)) === 'pending') {
          await queueSale(tx, lead.id);
        }
      });
    } catch (error) {
      await releaseCode(sql, check.approved.codeId);
      throw error;
    }
  }
  return quoteOutcome(sql, lead.id);
}

/** Where the request stands, read only: the wizard asks while its sale runs. */
export async function quoteStatus(sql: Sql, input: { requestKey: string }): Promise<SubmitResult> {
  const lead = await findRequest(sql, input.requestKey);
  return quoteOutcome(sql, lead.id);
}

export async function resendQuoteCode(
  sql: Sql,
  input: { requestKey: string; channel: CodeChannel },
  options: Pick<SubmitOptions, 'ip'> & { sms: NonNullable<SubmitOptions['sms']> },
): Promise<CodeState> {
  const lead = await findRequest(sql, input.requestKey);
  if (lead.qualification !== 'unconfirmed') {
    throw new AppError('CONFLICT', 'This request no longer needs a code.');
  }
  return sendQuoteCode(sql, options.sms, lead, { channel: input.channel, ip: options.ip ?? null });
}
