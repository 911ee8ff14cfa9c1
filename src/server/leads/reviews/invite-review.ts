// The review invitation of one job: a private review link mailed to the homeowner, once per job
// (lead_distributions.review_invited_at, claimed by a conditional UPDATE, so two paths at once
// mail once), and only when the job may be reviewed (reviewable-job.ts): the homeowner accepted
// this contractor's quote and the job is COMPLETED, or said the job is done. Called in the
// transaction of the change that may open it: a stage change, an acceptance, "The job is done".
import { siteUrl } from '../../platform/config/site.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { reviewInvitationMail, type InvitedBecause } from '../../platform/mail/review-mails.ts';
import { reviewableJob } from './reviewable-job.ts';

/** The mailed link's raw token when this call sent the invitation; null when it was not due
 * (the job may not be reviewed, it was invited before, or it was reviewed). */
export async function inviteReview(
  tx: TransactionSql,
  job: {
    leadId: string;
    businessId: string;
    because: InvitedBecause;
    /** Hold the mail back this long: the change that invites can still be undone meanwhile. */
    holdSeconds?: number;
  },
): Promise<string | null> {
  const found = await reviewableJob(tx, job.leadId, job.businessId);
  if (!found || found.refusal || found.reviewed || found.reviewInvitedAt) return null;
  const [claimed] = await tx`
    update lead_distributions set review_invited_at = now()
     where id = ${found.distributionId} and review_invited_at is null
    returning id`;
  if (!claimed) return null;
  const token = await createHomeownerLink(tx, {
    leadId: job.leadId,
    purpose: 'review',
    businessId: job.businessId,
  });
  await enqueueMail(tx, {
    ...reviewInvitationMail(
      {
        leadId: job.leadId,
        name: found.homeownerName,
        email: found.homeownerEmail,
        projectType: found.projectType,
      },
      {
        businessName: found.businessName,
        link: homeownerLinkUrl(siteUrl(), 'review', token),
        because: job.because,
      },
    ),
    sendAfterSeconds: job.holdSeconds ?? 0,
  });
  return token;
}
