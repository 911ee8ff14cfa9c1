// Tells a business how its disputed lead was decided, inside the transaction that decided it: an
// alert by the channels its owner chose (creditDecidedNotice), and the mail (refunded, with the
// finding or the admin's reason; or declined, with the admin's reason) unless the alert already
// e-mails them. Returns how many alerts were queued, for the caller to kick the sender after commit.
import type { TransactionSql } from '../../platform/db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { creditDeclinedMail, creditRefundedMail } from '../../platform/mail/credit-mails.ts';
import { alertUser, creditDecidedNotice } from '../alerts/queue-alerts.ts';

export async function tellCreditDecided(
  tx: TransactionSql,
  creditId: string,
  refunded: boolean,
): Promise<number> {
  const [to] = await tx<
    {
      name: string;
      email: string | null;
      owner_id: string | null;
      distribution_id: string;
      lead_id: string;
      project_type: string;
      place: string;
      amount_cents: number;
      finding: string;
      decision_reason: string | null;
    }[]
  >`
    select b.name, coalesce(b.email, u.email) as email, b.owner_id, d.id as distribution_id,
           l.id as lead_id, l.project_type, coalesce(l.city, l.zip_code, 'the Dayton area') as place,
           c.amount_cents, coalesce(c.decision_reason, c.finding) as finding, c.decision_reason
      from lead_credits c
      join businesses b on b.id = c.business_id
      left join users u on u.id = b.owner_id
      join lead_distributions d on d.id = c.distribution_id
      join leads l on l.id = d.lead_id
     where c.id = ${creditId}`;
  if (!to) return 0;
  const about = { amountCents: to.amount_cents, projectType: to.project_type, place: to.place };
  const told = to.owner_id
    ? await alertUser(tx, to.owner_id, creditDecidedNotice(to.distribution_id, { refunded, ...about }))
    : { queued: 0, email: true };
  if (to.email && told.email) {
    const business = { name: to.name, email: to.email };
    await enqueueMail(
      tx,
      refunded
        ? creditRefundedMail(business, { id: creditId, finding: to.finding, ...about })
        : creditDeclinedMail(business, {
            id: creditId,
            leadId: to.lead_id,
            reason: to.decision_reason ?? '',
            ...about,
          }),
    );
  }
  return told.queued;
}
