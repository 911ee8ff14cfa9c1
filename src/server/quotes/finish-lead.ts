// Records a lead's outcome once; the homeowner's confirmation goes out on that transition only.
import type { Sql } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { quoteConfirmationMail, type PaidContractor } from './lead-mails.ts';
import type { LeadRow } from './types.ts';

export async function finishLead(
  sql: Sql,
  lead: LeadRow,
  qualification: string,
  contractors: PaidContractor[],
): Promise<void> {
  await sql.begin(async (tx) => {
    const [changed] = await tx`
      update leads set qualification = ${qualification}
      where id = ${lead.id} and qualification in ('pending', 'unmatched') and qualification <> ${qualification}
      returning id`;
    // Duplicates and leads from outside the area are kept for admins; the homeowner's first
    // request already has its confirmation.
    if (
      !changed ||
      lead.qualification !== 'pending' ||
      (qualification !== 'qualified' && qualification !== 'unmatched')
    ) {
      return;
    }
    await enqueueMail(tx, quoteConfirmationMail(lead, contractors));
  });
}
