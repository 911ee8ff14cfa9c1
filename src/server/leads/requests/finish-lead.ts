// Records a lead's outcome once; the homeowner's confirmation goes out on that transition only.
import type { Sql } from '../../platform/db/client.ts';
import { siteUrl } from '../../platform/config/site.ts';
import { contractorCards } from '../inbox/contractor-cards.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { quoteConfirmationMail, type PaidContractor } from '../../platform/mail/lead-mails.ts';
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
    // The contractors as cards, and the request's private page to compare and message them (issue 25).
    const cards = contractors.length ? (await contractorCards(tx, lead.id)).filter((c) => c.bought) : [];
    const token = contractors.length
      ? await createHomeownerLink(tx, { leadId: lead.id, purpose: 'responses' })
      : null;
    await enqueueMail(
      tx,
      quoteConfirmationMail(
        lead,
        contractors,
        token ? { cards, link: homeownerLinkUrl(siteUrl(), 'responses', token) } : undefined,
      ),
    );
  });
}
